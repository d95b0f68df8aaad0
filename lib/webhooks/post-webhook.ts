import type http from "node:http";
import { RequestTimeoutError } from "../net/errors.ts";
import { openRequest } from "../net/open-request.ts";
import { PrivateAddressError } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";
import { readBody } from "../net/read-body.ts";

// One HTTP attempt of a webhook: POST, no redirects followed (a 3xx is a failure, as Standard Webhooks
// says), one 10 s deadline for the whole exchange, the private-address guard on the name and on the
// address it resolves to at connection time (lib/net). Never throws: the result says what happened.

export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;
const MAX_READ_BYTES = 16 * 1024;

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string | null;
  /** Why no answer came (or why the answer was not read). */
  error: string | null;
}

function describe(err: NodeJS.ErrnoException): string {
  if (err instanceof PrivateAddressError) return "The address points to a private network address";
  if (err instanceof RequestTimeoutError) return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`;
  if (err.code === "ECONNREFUSED") return "Connection refused";
  if (err.code === "ENOTFOUND" || err.code === "EAI_AGAIN") return "The host name could not be resolved";
  if (err.code === "ECONNRESET") return "The connection was reset";
  if (err.code?.startsWith("ERR_TLS") || err.code?.includes("CERT")) return `TLS error (${err.code})`;
  return err.code ? `Network error (${err.code})` : "Network error";
}

export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostResult> {
  const started = performance.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RequestTimeoutError(timeoutMs)), timeoutMs);
  let res: http.IncomingMessage | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    res = await openRequest(new URL(rawUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Cohost-Webhooks/1", ...headers },
      body,
      guarded: !privateUrlsAllowed("webhook"),
      signal: deadline.signal,
    });
    // Only the start of the answer is kept: reading stops there (the connection is not reused), and
    // an answer that breaks off counts as the status it came with.
    const text = (await readBody(res, { maxBytes: MAX_READ_BYTES, overflow: "excerpt" })).toString("utf8");
    // PostgreSQL text cannot hold NUL: a receiver's NUL would fail the record and leave the delivery pending.
    excerpt = text ? text.slice(0, EXCERPT_CHARS).replaceAll("\u0000", "\uFFFD") : null;
    if (deadline.signal.aborted) error = describe(deadline.signal.reason);
  } catch (err) {
    error = describe(err as NodeJS.ErrnoException);
  } finally {
    clearTimeout(timer);
  }
  const statusCode = res?.statusCode ?? null;
  const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
  return { ok, statusCode, latencyMs: Math.round(performance.now() - started), excerpt, error };
}
