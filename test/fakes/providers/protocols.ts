import type { IncomingHttpHeaders } from "node:http";

// What each provider's API expects for its cheapest authenticated call, and what it answers: the
// key only counts when it arrives in exactly that provider's scheme (header name, prefix, version).
export interface FakeProtocol {
  /** Path under the provider's base URL. */
  path: string;
  authorized: (headers: IncomingHttpHeaders, url: URL, key: string) => boolean;
  ok: unknown;
  /** Status and body the real API sends for a wrong key. */
  rejected: { status: number; body: unknown };
}

/** The only key the provider fakes accept (test/fakes/providers and test/fakes/voice alike). */
export const VALID_KEY = "valid-key-0123456789";

/**
 * How the app is pointed at a fake that serves each provider under its own prefix of `url`:
 * PROVIDER_BASE_URL_<ID> for every provider with a fixed host, and the base URL for the
 * OpenAI-compatible entry (a user's own, given per agent).
 */
export function providerUrls(url: string, ids: string[]): { env: Record<string, string>; compatibleBaseUrl: string } {
  const fixedHosts = ids.filter((id) => id !== "openai-compatible");
  return {
    env: Object.fromEntries(fixedHosts.map((id) => [`PROVIDER_BASE_URL_${id.toUpperCase()}`, `${url}/${id}`])),
    compatibleBaseUrl: `${url}/openai-compatible/v1`,
  };
}

const openAiRejected = { status: 401, body: { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } } };
const bearer = (h: IncomingHttpHeaders, _u: URL, key: string) => h.authorization === `Bearer ${key}`;

export const FAKE_PROTOCOLS: Record<string, FakeProtocol> = {
  deepgram: {
    path: "/v1/projects",
    authorized: (h, _u, key) => h.authorization === `Token ${key}`,
    ok: { projects: [] },
    rejected: { status: 401, body: { err_code: "INVALID_AUTH", err_msg: "Invalid credentials." } },
  },
  assemblyai: {
    path: "/v2/transcript",
    authorized: (h, _u, key) => h.authorization === key,
    ok: { transcripts: [], page_details: { limit: 1, result_count: 0 } },
    rejected: { status: 401, body: { error: "Authentication error, API token missing/invalid" } },
  },
  openai: { path: "/v1/models", authorized: bearer, ok: { object: "list", data: [] }, rejected: openAiRejected },
  anthropic: {
    path: "/v1/models",
    authorized: (h, _u, key) => h["x-api-key"] === key && h["anthropic-version"] === "2026-10-21" && !h.authorization,
    ok: { data: [], has_more: false },
    rejected: { status: 401, body: { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } } },
  },
  gemini: {
    path: "/v1beta/models",
    // Gemini takes `?key=` too, but Cohost must never put a key in a URL: only the header counts here.
    authorized: (h, u, key) => h["x-goog-api-key"] === key && !u.searchParams.has("key"),
    ok: { models: [] },
    rejected: { status: 400, body: { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } } },
  },
  groq: { path: "/openai/v1/models", authorized: bearer, ok: { object: "list", data: [] }, rejected: openAiRejected },
  elevenlabs: {
    path: "/v1/user",
    authorized: (h, _u, key) => h["xi-api-key"] === key,
    ok: { subscription: { tier: "free" } },
    rejected: { status: 401, body: { detail: { status: "invalid_api_key", message: "Invalid API key" } } },
  },
  cartesia: {
    path: "/voices",
    authorized: (h, _u, key) => h.authorization === `Bearer ${key}` && h["cartesia-version"] === "2026-08-14",
    ok: { data: [], has_more: false },
    rejected: { status: 401, body: { error: "Invalid API key" } },
  },
  // Any OpenAI-compatible server: GET <baseUrl>/models with a bearer key.
  "openai-compatible": { path: "/models", authorized: bearer, ok: { object: "list", data: [] }, rejected: openAiRejected },
};
