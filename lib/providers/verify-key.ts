import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { ANTHROPIC_VERSION, CARTESIA_VERSION } from "./api-versions.ts";
import type { ProviderKind } from "./catalogue.ts";
import { RequestTimeoutError } from "../net/errors.ts";
import { PrivateAddressError } from "../net/private-address.ts";
import { providerEndpoint } from "./provider-endpoint.ts";
import { providerGet } from "./provider-get.ts";

/** What "Test key" answers. The reason is for the form to say in the user's language (the message is English, for API clients). */
export const keyCheckResponse = z
  .object({
    status: z.enum(["valid", "invalid", "unreachable"]),
    reason: z
      .enum(["valid", "rejected", "rate_limited", "not_found", "provider_error", "timeout", "refused", "dns", "tls", "network", "private_address"])
      .meta({ description: "Why, as a code to word in the user's language" }),
    message: z.string(),
    providerStatus: z.int().optional().meta({ description: "provider_error: the provider's HTTP status" }),
    seconds: z.int().optional().meta({ description: "timeout: how long Cohost waited" }),
    proof: z
      .string()
      .optional()
      .meta({ description: "A typed key that works: send it back as the agent's keyProofs.<kind> when saving that key, and the agent counts it as tested" }),
  })
  .meta({ id: "KeyCheck" });
export type KeyCheck = Sent<typeof keyCheckResponse>;

/** How each provider takes a key (same header for every kind it serves). The key is sent once and never stored or logged. */
export const AUTH_HEADERS: Record<string, (key: string) => Record<string, string>> = {
  deepgram: (k) => ({ authorization: `Token ${k}` }),
  assemblyai: (k) => ({ authorization: k }),
  openai: (k) => ({ authorization: `Bearer ${k}` }),
  anthropic: (k) => ({ "x-api-key": k, "anthropic-version": ANTHROPIC_VERSION }),
  // The key in a header, never in the URL (where proxies and logs would keep it).
  gemini: (k) => ({ "x-goog-api-key": k }),
  groq: (k) => ({ authorization: `Bearer ${k}` }),
  elevenlabs: (k) => ({ "xi-api-key": k }),
  cartesia: (k) => ({ authorization: `Bearer ${k}`, "cartesia-version": CARTESIA_VERSION }),
  // A server of the user's own may ask for no key: then no header at all.
  "openai-compatible": (k): Record<string, string> => (k ? { authorization: `Bearer ${k}` } : {}),
};

/** The cheapest authenticated call of each provider, under its API root. */
const PROBES: Record<string, string> = {
  deepgram: "/v1/projects",
  assemblyai: "/v2/transcript?limit=1",
  openai: "/v1/models",
  anthropic: "/v1/models",
  gemini: "/v1beta/models",
  groq: "/openai/v1/models",
  elevenlabs: "/v1/user",
  cartesia: "/voices",
  // Any OpenAI-compatible server lists its models under the user's base URL.
  "openai-compatible": "/models",
};

export function providerTimeoutMs(): number {
  const n = Number(process.env.PROVIDER_VERIFY_TIMEOUT_MS);
  return n > 0 ? n : 10_000;
}

/** What a provider's answer status says about the key. */
export function classifyStatus(providerId: string, status: number): KeyCheck {
  if (status >= 200 && status < 300) return { status: "valid", reason: "valid", message: "The key works" };
  // Gemini answers an unknown key with 400 API_KEY_INVALID.
  if (status === 401 || status === 403 || (providerId === "gemini" && status === 400)) {
    return { status: "invalid", reason: "rejected", message: "The provider rejected this key" };
  }
  if (status === 429) return { status: "unreachable", reason: "rate_limited", message: "The provider is limiting requests; try again later" };
  // Nothing at that address: for a server of the user's own, a base URL missing its /v1 or the like.
  if (status === 404) return { status: "unreachable", reason: "not_found", providerStatus: 404, message: "Nothing answers at that address (404); check the base URL" };
  return { status: "unreachable", reason: "provider_error", providerStatus: status, message: `The provider answered with an error (${status}); try again later` };
}

/** What a failed call says: timeout, private address, network. */
export function classifyFailure(err: unknown, timeoutMs: number): KeyCheck {
  if (err instanceof PrivateAddressError) return { status: "unreachable", reason: "private_address", message: "That base URL points to a private network address" };
  if (err instanceof RequestTimeoutError) {
    const seconds = Math.ceil(timeoutMs / 1000);
    return { status: "unreachable", reason: "timeout", seconds, message: `The provider did not answer within ${seconds} second${seconds === 1 ? "" : "s"}` };
  }
  const code = networkCode(err);
  if (code === "ECONNREFUSED") return { status: "unreachable", reason: "refused", message: "The provider's server refused the connection" };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { status: "unreachable", reason: "dns", message: "The provider's host name could not be found" };
  if (code && /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return { status: "unreachable", reason: "tls", message: "A secure (TLS) connection to the provider could not be made" };
  return { status: "unreachable", reason: "network", message: "Could not reach the provider" };
}

/** The system or TLS error code under a failed request (fetch wraps it as the cause of "fetch failed"). */
function networkCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && e.code !== "UND_ERR_SOCKET") return e.code;
  }
  return null;
}

/**
 * "Test key": valid (2xx), invalid (401/403) or unreachable (timeout, network error, other status).
 * The OpenAI-compatible entry calls the user's `baseUrl` (provider-endpoint.ts: http(s), and unless
 * ALLOW_PRIVATE_PROVIDER_URLS=1 never a private address).
 */
export async function verifyProviderKey(kind: ProviderKind, providerId: string, apiKey: string, extraParams: Record<string, unknown> = {}): Promise<KeyCheck> {
  const { base, guard } = providerEndpoint(kind, providerId, extraParams);
  const timeoutMs = providerTimeoutMs();
  try {
    const { status } = await providerGet(new URL(base + PROBES[providerId]), AUTH_HEADERS[providerId](apiKey), { timeoutMs, guard });
    return classifyStatus(providerId, status);
  } catch (err) {
    return classifyFailure(err, timeoutMs);
  }
}
