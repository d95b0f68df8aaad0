import type http from "node:http";
import { RequestTimeoutError } from "../../net/errors.ts";
import { openRequest } from "../../net/open-request.ts";
import { PrivateAddressError } from "../../net/private-address.ts";
import { readBody } from "../../net/read-body.ts";
import { httpFailure, networkFailure, providerError, type ProviderRef } from "./errors.ts";
import { AbortedError } from "./retry.ts";

// The voice adapters' HTTP over lib/net's pool: a turn reuses the TLS connection the previous turn
// (or the prewarm) opened. What goes wrong becomes a ProviderError (or AbortedError) here.

export interface HttpCall {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | string;
  guarded: boolean;
  signal?: AbortSignal;
  /** Until the response headers arrive (an error's body included). */
  timeoutMs: number;
}

const MAX_ERROR_BODY = 16 * 1024;

/** What a failed call says, in the provider's terms. */
function failure(ref: ProviderRef, call: HttpCall, err: unknown): Error {
  if (call.signal?.aborted) return new AbortedError();
  if (err instanceof PrivateAddressError) return providerError(ref, "bad_request", "the base URL points to a private network address");
  if (err instanceof RequestTimeoutError) return providerError(ref, "transient", `no answer within ${call.timeoutMs} ms`);
  return networkFailure(ref, err);
}

/**
 * Sends one request and resolves with its 2xx response, whose body the caller reads (and destroys
 * when done). Anything else rejects: ProviderError (status, network, timeout) or AbortedError.
 */
export async function send(ref: ProviderRef, call: HttpCall): Promise<http.IncomingMessage> {
  if (call.signal?.aborted) throw new AbortedError();
  const started = Date.now();
  let res: http.IncomingMessage;
  try {
    res = await openRequest(call.url, {
      method: call.method,
      headers: { "user-agent": "Cohost voice", ...call.headers },
      body: call.body,
      guarded: call.guarded,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
    });
  } catch (err) {
    throw failure(ref, call, err);
  }
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return res;
  let body: Buffer;
  try {
    body = await readBody(res, { maxBytes: MAX_ERROR_BODY, overflow: "excerpt", signal: call.signal, timeoutMs: Math.max(0, call.timeoutMs - (Date.now() - started)) });
  } catch (err) {
    throw failure(ref, call, err);
  }
  throw httpFailure(ref, status, body.toString("utf8"));
}

const released = new WeakSet<http.IncomingMessage>();

/**
 * The caller has all it needs (e.g. `data: [DONE]`) and stops reading: the rest of the body (the
 * closing chunk) may still arrive within a second, so the connection goes back to the pool instead
 * of being destroyed.
 */
export function release(res: http.IncomingMessage): void {
  released.add(res);
}

/**
 * The body of a streaming response, chunk by chunk. Ends quietly when `signal` aborts (the caller
 * asked for it); a stall longer than `idleMs` or a dropped connection throws a transient ProviderError.
 */
export async function* streamBody(ref: ProviderRef, res: http.IncomingMessage, opts: { idleMs: number; signal?: AbortSignal }): AsyncGenerator<Buffer> {
  let stalled = false;
  let timer = setTimeout(stall, opts.idleMs);
  function stall() {
    stalled = true;
    res.destroy();
  }
  const onAbort = () => res.destroy();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for await (const chunk of res) {
      clearTimeout(timer);
      // Once released, the closing bytes get a second at most.
      timer = setTimeout(stall, released.has(res) ? Math.min(1000, opts.idleMs) : opts.idleMs);
      yield chunk as Buffer;
    }
    // A socket closed mid-body also ends the iteration on some Node versions: check it completed.
    if (!res.complete && !opts.signal?.aborted) throw providerError(ref, "transient", stalled ? `stopped sending for ${opts.idleMs} ms` : "the connection dropped mid-stream");
  } catch (err) {
    if (opts.signal?.aborted) return;
    if (stalled) throw providerError(ref, "transient", `stopped sending for ${opts.idleMs} ms`);
    throw networkFailure(ref, err);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
    if (released.has(res) && !res.complete && !res.destroyed) {
      const cap = setTimeout(() => res.destroy(), 1000);
      cap.unref();
      res.once("end", () => clearTimeout(cap));
      res.resume();
    } else res.destroy();
  }
}

/** Reads a whole (small) JSON response. */
export async function readJson(ref: ProviderRef, res: http.IncomingMessage, opts: { idleMs: number; signal?: AbortSignal }): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamBody(ref, res, opts)) chunks.push(chunk);
  if (opts.signal?.aborted) throw new AbortedError();
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw providerError(ref, "transient", "answered with malformed JSON");
  }
}
