import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { LISTINGS, MAX_PAGES, type Listing } from "../providers/account-models.ts";
import type { ProviderKind, Voice } from "../providers/catalogue.ts";
import { keyForProviderCall, type KeyInput } from "./key-input.ts";
import { providerEndpoint, type ProviderEndpoint } from "../providers/provider-endpoint.ts";
import { providerGet } from "../providers/provider-get.ts";
import { AUTH_HEADERS, classifyFailure, classifyStatus, keyCheckResponse, providerTimeoutMs, type KeyCheck } from "../providers/verify-key.ts";

const listSource = z.enum(["account", "catalogue"]).meta({ description: "account: the provider's list for this key; catalogue: Cohost's suggestions stand in" });
export const accountModelsResponse = z
  .object({
    models: z.object({ source: listSource, items: z.array(z.string()) }),
    voices: z.object({ source: listSource, items: z.array(z.object({ id: z.string(), name: z.string() })) }),
    problem: keyCheckResponse.nullable().meta({ description: "Why the catalogue's list stands in (the provider refused or failed); null when nothing failed" }),
  })
  .meta({ id: "AccountModels", description: "The models (and voices) a key can use at the provider; any model id may still be used" });
export type AccountModels = Sent<typeof accountModelsResponse>;

const MAX_ITEMS = 1000;

class ListingFailed extends Error {
  constructor(readonly check: KeyCheck) {
    super(check.message);
  }
}

/** Reads one listing page by page within the deadline. */
async function read(endpoint: ProviderEndpoint, listing: Listing, kind: ProviderKind, headers: Record<string, string>, deadline: number, timeoutMs: number): Promise<(string | Voice)[]> {
  const items: (string | Voice)[] = [];
  const url = new URL(endpoint.base + listing.path);
  for (let page = 0; page < MAX_PAGES; page++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    let answer;
    try {
      answer = await providerGet(url, headers, { timeoutMs: remaining, guard: endpoint.guard, readBody: true });
    } catch (err) {
      // A later page that times out leaves the earlier ones; a first page that fails is the answer.
      if (page > 0) break;
      throw new ListingFailed(classifyFailure(err, timeoutMs));
    }
    const check = classifyStatus(endpoint.entry.id, answer.status);
    if (check.status !== "valid") {
      if (page > 0) break;
      throw new ListingFailed(check);
    }
    items.push(...listing.read(answer.json, kind));
    const next = listing.next?.(answer.json, url.searchParams);
    if (!next) break;
    url.search = new URLSearchParams(next).toString();
  }
  return items;
}

/**
 * The models (and voices) the user's key can use at the provider, for the agent form's pickers.
 * Where the provider has no such list, or the call fails, the catalogue's list stands in and
 * `problem` says why. The key comes typed or from the agent (decrypted here, never sent back).
 */
export async function listAccountModels(userId: string, kind: string, providerId: string, input: KeyInput): Promise<AccountModels> {
  const { kind: known, apiKey } = await keyForProviderCall(userId, kind, providerId, input);
  const endpoint = providerEndpoint(known, providerId, input.extraParams ?? {});
  const result: AccountModels = {
    models: { source: "catalogue", items: endpoint.entry.models },
    voices: { source: "catalogue", items: endpoint.entry.voices ?? [] },
    problem: null,
  };
  const timeoutMs = providerTimeoutMs();
  const deadline = Date.now() + timeoutMs;
  const headers = AUTH_HEADERS[providerId](apiKey);
  try {
    for (const listing of LISTINGS[providerId] ?? []) {
      // Only lists a step can show: voices where the catalogue entry has a voice picker.
      if (listing.yields === "voices" && !endpoint.entry.voices) continue;
      const items = await read(endpoint, listing, known, headers, deadline, timeoutMs);
      if (listing.yields === "models") {
        const models = [...new Set(items as string[])].sort((a, b) => a.localeCompare(b)).slice(0, MAX_ITEMS);
        // An empty list says nothing about what the key may use: keep the suggestions.
        if (models.length > 0) result.models = { source: "account", items: models };
      } else {
        const seen = new Set<string>();
        const voices = (items as Voice[]).filter((v) => !seen.has(v.id) && seen.add(v.id)).slice(0, MAX_ITEMS);
        if (voices.length > 0) result.voices = { source: "account", items: voices };
      }
    }
  } catch (err) {
    if (!(err instanceof ListingFailed)) throw err;
    result.problem = err.check;
  }
  return result;
}
