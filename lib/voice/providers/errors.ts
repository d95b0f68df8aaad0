import { catalogueEntry } from "../../providers/catalogue.ts";
import { ProviderError, type ProviderErrorKind, type ProviderKind } from "../types.ts";

const KIND_LABEL: Record<ProviderKind, string> = { stt: "speech-to-text", ai: "AI", tts: "text-to-speech" };

/** "Deepgram speech-to-text", "OpenAI-compatible AI": how messages name a provider. */
function providerLabel(kind: ProviderKind, providerId: string): string {
  return `${catalogueEntry(kind, providerId)?.name ?? providerId} ${KIND_LABEL[kind]}`;
}

/** Who we are talking to, with the key to scrub from anything the provider says back. */
export interface ProviderRef {
  kind: ProviderKind;
  providerId: string;
  apiKey: string;
}

/** Removes the key from provider text (some APIs echo it) and keeps messages short. */
function scrub(text: string, apiKey: string): string {
  const clean = apiKey.length >= 4 ? text.split(apiKey).join("[key]") : text;
  return clean.replace(/\s+/g, " ").trim().slice(0, 200);
}

export function providerError(ref: ProviderRef, kind: ProviderErrorKind, detail: string, status?: number): ProviderError {
  const what: Record<ProviderErrorKind, string> = {
    invalid_key: "rejected the API key",
    transient: "failed temporarily",
    bad_request: "refused the request",
    unreachable: "could not be reached",
  };
  const suffix = detail ? `: ${scrub(detail, ref.apiKey)}` : "";
  return new ProviderError(ref.kind, ref.providerId, kind, `${providerLabel(ref.kind, ref.providerId)} ${what[kind]}${status ? ` (${status})` : ""}${suffix}`, status);
}

/** The human part of a provider's JSON error body, whatever its shape. */
export function errorDetail(body: string): string {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const error = json.error as Record<string, unknown> | string | undefined;
    const detail = json.detail as Record<string, unknown> | string | undefined;
    const candidates = [
      typeof error === "object" ? error?.message : error,
      typeof detail === "object" ? detail?.message : detail,
      json.err_msg,
      json.message,
    ];
    const found = candidates.find((c) => typeof c === "string" && c.length > 0);
    if (typeof found === "string") return found;
  } catch {
    // not JSON: use the text itself
  }
  return body;
}

/**
 * Maps an HTTP failure to a kind: keys and accounts (401, 402, 403, quota) end the session, malformed
 * requests (400, 404, 422) too; rate limits, timeouts and server errors are retried.
 */
export function httpFailure(ref: ProviderRef, status: number, body: string): ProviderError {
  const detail = errorDetail(body);
  const lower = body.toLowerCase();
  let kind: ProviderErrorKind;
  if (status === 401 || status === 402 || status === 403) kind = "invalid_key";
  // Gemini answers a wrong key with 400 API_KEY_INVALID.
  else if (status === 400 && (lower.includes("api_key_invalid") || lower.includes("api key not valid"))) kind = "invalid_key";
  // OpenAI-style 429 insufficient_quota: the account is out of credit, retrying cannot help.
  else if (status === 429 && (lower.includes("insufficient_quota") || lower.includes("exceeded your current quota"))) kind = "invalid_key";
  else if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) kind = "transient";
  else kind = "bad_request";
  return providerError(ref, kind, detail, status);
}

/** Socket-level failures: a refused or unresolvable host is unreachable, a reset or timeout transient. */
export function networkFailure(ref: ProviderRef, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const code = (err as { code?: string }).code;
  if (code === "EPRIVATEADDRESS") return providerError(ref, "bad_request", "the base URL points to a private network address");
  const message = err instanceof Error ? err.message : String(err);
  const unreachable = code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EHOSTUNREACH" || code === "ENETUNREACH";
  return providerError(ref, unreachable ? "unreachable" : "transient", code ? `${code}` : message);
}
