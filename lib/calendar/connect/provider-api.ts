import { webFetch } from "../../net/web-fetch.ts";
import type { ProviderConfig } from "./providers.ts";

// GET requests to the calendar APIs with the connection's access token. The token goes only to the
// provider's own API origin: a next or delta link pointing elsewhere is refused.

/** Google's 410: the sync token is no longer valid; a full sync starts again. */
export class SyncGoneError extends Error {}
/** 429 (or Google's 403 rateLimitExceeded): try again after `retryAfterSeconds`. */
export class ThrottledError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`The calendar provider asked Cohost to slow down; trying again in ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** 401: the access token is not (or no longer) accepted. */
export class UnauthorizedError extends Error {}
export class ProviderApiError extends Error {}

const fetcher = webFetch({ guarded: false, userAgent: "Cohost calendars", maxBytes: 20_000_000, peer: "calendar provider" });

function retryAfter(res: Response): number {
  const value = res.headers.get("retry-after");
  const seconds = Number(value);
  if (value && Number.isFinite(seconds)) return Math.min(3600, Math.max(1, Math.ceil(seconds)));
  const at = value ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? Math.min(3600, Math.max(1, Math.ceil((at - Date.now()) / 1000))) : 30;
}

async function reason(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: string; errors?: { reason?: string }[]; code?: string } };
    return [body.error?.code, body.error?.errors?.[0]?.reason, body.error?.message].filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

export async function apiRequest(cfg: ProviderConfig, url: string, accessToken: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<unknown> {
  if (new URL(url).origin !== new URL(cfg.apiBase).origin) throw new ProviderApiError(`Refusing to send the token to ${new URL(url).origin}`);
  const res = await fetcher(url, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.ok) return res.status === 204 ? null : res.json();
  const why = await reason(res);
  if (res.status === 410) throw new SyncGoneError(why || "Gone");
  if (res.status === 429 || (res.status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(why))) throw new ThrottledError(retryAfter(res));
  if (res.status === 401) throw new UnauthorizedError(why || "Unauthorized");
  throw new ProviderApiError(`The calendar provider answered ${res.status}${why ? `: ${why}` : ""}`);
}
