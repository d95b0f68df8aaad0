import { AppError } from "../errors/app-error.ts";
import { catalogueEntry, type CatalogueEntry, type ProviderKind } from "./catalogue.ts";
import { baseUrlProblem } from "./extra-params.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";
import { providerHost } from "./provider-host.ts";

export interface ProviderEndpoint {
  entry: CatalogueEntry;
  /** The API root, no trailing slash. */
  base: string;
  /** A user's URL (OpenAI-compatible): every connection must pass the private-address guard. */
  guard: boolean;
}

/**
 * Where "Test key" and the account's model list call a provider: its catalogue host (or
 * PROVIDER_BASE_URL_<ID>), or for an OpenAI-compatible entry the user's `baseUrl`, which must be an
 * http(s) URL outside our network (a 400 naming the field otherwise). Unknown providers are 404.
 */
export function providerEndpoint(kind: ProviderKind, providerId: string, extraParams: Record<string, unknown>): ProviderEndpoint {
  const entry = catalogueEntry(kind, providerId);
  if (!entry) throw new AppError("not_found", "Unknown provider");
  if (entry.baseUrl !== null) return { entry, base: providerHost(providerId, entry.baseUrl), guard: false };
  const value = typeof extraParams.baseUrl === "string" ? extraParams.baseUrl.trim() : "";
  const problem = value ? baseUrlProblem(value) : '"baseUrl" is required';
  if (problem) throw new AppError("validation_error", problem, { issues: [{ path: "extraParams.baseUrl", message: problem }] });
  return { entry, base: value.replace(/\/+$/, ""), guard: !privateUrlsAllowed("provider") };
}
