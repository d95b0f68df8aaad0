import http from "node:http";
import https from "node:https";
import { AppError } from "../http/errors.ts";
import { catalogueEntry, type ProviderKind } from "./catalogue.ts";
import { baseUrlProblem } from "./extra-params.ts";
import { guardedLookup, isPrivateHostname, PrivateAddressError, privateUrlsAllowed } from "./private-address.ts";
import { ANTHROPIC_VERSION, CARTESIA_VERSION } from "./api-versions.ts";
import { providerHost } from "./provider-host.ts";

type KeyStatus = "valid" | "invalid" | "unreachable";
export interface KeyCheck {
  status: KeyStatus;
  message: string;
}

// The cheapest authenticated call of each provider (same host for every kind it serves). The key is
// sent once and never stored or logged.
interface Probe {
  path: string;
  headers: (key: string) => Record<string, string>;
  query?: (key: string) => Record<string, string>;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const PROBES: Record<string, Probe> = {
  deepgram: { path: "/v1/projects", headers: (k) => ({ authorization: `Token ${k}` }) },
  assemblyai: { path: "/v2/transcript", query: () => ({ limit: "1" }), headers: (k) => ({ authorization: k }) },
  openai: { path: "/v1/models", headers: bearer },
  anthropic: { path: "/v1/models", headers: (k) => ({ "x-api-key": k, "anthropic-version": ANTHROPIC_VERSION }) },
  // The key in a header, never in the URL (where proxies and logs would keep it).
  gemini: { path: "/v1beta/models", headers: (k) => ({ "x-goog-api-key": k }) },
  groq: { path: "/openai/v1/models", headers: bearer },
  elevenlabs: { path: "/v1/user", headers: (k) => ({ "xi-api-key": k }) },
  cartesia: { path: "/voices", headers: (k) => ({ authorization: `Bearer ${k}`, "cartesia-version": CARTESIA_VERSION }) },
  // Any OpenAI-compatible server lists its models under the user's base URL.
  "openai-compatible": { path: "/models", headers: bearer },
};

function timeoutMs(): number {
  const n = Number(process.env.PROVIDER_VERIFY_TIMEOUT_MS);
  return n > 0 ? n : 10_000;
}

class ProbeTimeout extends Error {}

/** One GET; resolves with the status code. No redirects are followed (node:http never does). */
function probe(url: URL, headers: Record<string, string>, opts: { timeoutMs: number; guard: boolean }): Promise<number> {
  if (opts.guard && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(url.hostname));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: "GET", headers: { accept: "application/json", "user-agent": "Cohost key check", ...headers }, lookup: opts.guard ? guardedLookup : undefined },
      (res) => {
        clearTimeout(timer);
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    const timer = setTimeout(() => req.destroy(new ProbeTimeout()), opts.timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}

function classify(providerId: string, status: number): KeyCheck {
  if (status >= 200 && status < 300) return { status: "valid", message: "The key works" };
  // Gemini answers an unknown key with 400 API_KEY_INVALID.
  if (status === 401 || status === 403 || (providerId === "gemini" && status === 400)) {
    return { status: "invalid", message: "The provider rejected this key" };
  }
  if (status === 429) return { status: "unreachable", message: "The provider is limiting requests; try again later" };
  return { status: "unreachable", message: `The provider answered with an error (${status}); try again later` };
}

/**
 * "Test key": valid (2xx), invalid (401/403) or unreachable (timeout, network error, other status).
 * The OpenAI-compatible entry calls the user's `baseUrl`, which must be http(s) and, unless
 * ALLOW_PRIVATE_PROVIDER_URLS=1, must not reach a private address.
 */
export async function verifyProviderKey(kind: ProviderKind, providerId: string, apiKey: string, extraParams: Record<string, unknown> = {}): Promise<KeyCheck> {
  const entry = catalogueEntry(kind, providerId);
  const spec = PROBES[providerId];
  if (!entry || !spec) throw new AppError("not_found", "Unknown provider");
  let base: string;
  const userUrl = entry.baseUrl === null;
  if (userUrl) {
    const value = typeof extraParams.baseUrl === "string" ? extraParams.baseUrl.trim() : "";
    const problem = value ? baseUrlProblem(value) : '"baseUrl" is required';
    if (problem) throw new AppError("validation_error", problem, { issues: [{ path: "extraParams.baseUrl", message: problem }] });
    base = value.replace(/\/+$/, "");
  } else {
    base = providerHost(providerId, entry.baseUrl!);
  }
  const url = new URL(base + spec.path);
  for (const [k, v] of Object.entries(spec.query?.(apiKey) ?? {})) url.searchParams.set(k, v);

  const limit = timeoutMs();
  try {
    const status = await probe(url, spec.headers(apiKey), { timeoutMs: limit, guard: userUrl && !privateUrlsAllowed() });
    return classify(providerId, status);
  } catch (err) {
    if (err instanceof PrivateAddressError) return { status: "unreachable", message: "That base URL points to a private network address" };
    if (err instanceof ProbeTimeout) {
      const seconds = Math.ceil(limit / 1000);
      return { status: "unreachable", message: `The provider did not answer within ${seconds} second${seconds === 1 ? "" : "s"}` };
    }
    return { status: "unreachable", message: "Could not reach the provider" };
  }
}
