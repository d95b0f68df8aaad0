import { catalogueEntry } from "../../providers/catalogue.ts";
import { baseUrlProblem } from "../../providers/extra-params.ts";
import { privateUrlsAllowed } from "../../net/private-urls.ts";
import { providerHost } from "../../providers/provider-host.ts";
import type { ProviderConfig, ProviderKind } from "../types.ts";
import { providerError } from "./errors.ts";

/** Where an adapter sends its requests. */
interface Endpoint {
  /** http(s) URL without a trailing slash. */
  base: string;
  /** Connections must go through the private-address guard (a user-supplied URL). */
  guarded: boolean;
}

/**
 * The catalogue host (or PROVIDER_BASE_URL_<ID>) for fixed providers; `host` overrides the
 * catalogue's when a protocol lives elsewhere (AssemblyAI streaming). OpenAI-compatible entries use
 * the agent's `baseUrl`, checked again here because stored agents predate any rule change.
 */
export function resolveEndpoint(kind: ProviderKind, config: ProviderConfig, host?: string): Endpoint {
  const entry = catalogueEntry(kind, config.providerId);
  const ref = { kind, providerId: config.providerId, apiKey: config.apiKey };
  if (!entry) throw providerError(ref, "bad_request", "unknown provider");
  if (entry.baseUrl === null) {
    const value = typeof config.extra.baseUrl === "string" ? config.extra.baseUrl.trim() : "";
    const problem = value ? baseUrlProblem(value) : '"baseUrl" is required';
    if (problem) throw providerError(ref, "bad_request", problem);
    return { base: value.replace(/\/+$/, ""), guarded: !privateUrlsAllowed("provider") };
  }
  return { base: providerHost(config.providerId, host ?? entry.baseUrl), guarded: false };
}

/** http → ws, https → wss, keeping host and path. */
export function toWebSocketUrl(base: string, path: string): URL {
  const url = new URL(base + path);
  url.protocol = url.protocol === "http:" ? "ws:" : "wss:";
  return url;
}

/** A bearer key header; none for an empty key (a server of the user's own that asks for none). */
export function bearerAuth(apiKey: string): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
