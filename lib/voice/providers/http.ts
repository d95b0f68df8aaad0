import http from "node:http";
import https from "node:https";
import { guardedLookup, isPrivateHostname } from "../../net/private-address.ts";
import { httpFailure, networkFailure, providerError, type ProviderRef } from "./errors.ts";
import { AbortedError } from "./retry.ts";

// One keep-alive pool per scheme and guard: a turn reuses the TLS connection the previous turn (or
// prewarm) opened, and a socket opened without the private-address guard never serves a guarded call.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, guarded: boolean): http.Agent {
  const key = `${protocol}|${guarded}`;
  let agent = agents.get(key);
  if (!agent) {
    const options: https.AgentOptions = { keepAlive: true, keepAliveMsecs: 15_000, maxSockets: 32, maxFreeSockets: 8, timeout: 120_000 };
    if (guarded) options.lookup = guardedLookup;
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

export interface HttpCall {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | string;
  guarded: boolean;
  signal?: AbortSignal;
  /** Until the response headers arrive. */
  timeoutMs: number;
}

const MAX_ERROR_BODY = 16 * 1024;

/**
 * Sends one request and resolves with its 2xx response, whose body the caller reads (and destroys
 * when done). Anything else rejects: ProviderError (status, network, timeout) or AbortedError.
 */
export function send(ref: ProviderRef, call: HttpCall): Promise<http.IncomingMessage> {
  if (call.signal?.aborted) return Promise.reject(new AbortedError());
  // guardedLookup only sees host names; literal addresses are checked here.
  if (call.guarded && isPrivateHostname(call.url.hostname)) {
    return Promise.reject(providerError(ref, "bad_request", "the base URL points to a private network address"));
  }
  const client = call.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown, res?: http.IncomingMessage) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      call.signal?.removeEventListener("abort", onAbort);
      if (err) reject(err);
      else resolve(res!);
    };
    let req: http.ClientRequest;
    const attempt = (firstTry: boolean) => {
      req = client.request(
        call.url,
        {
          method: call.method,
          headers: { "user-agent": "Cohost voice", ...call.headers, ...(call.body !== undefined ? { "content-length": String(Buffer.byteLength(call.body)) } : {}) },
          agent: agentFor(call.url.protocol, call.guarded),
          lookup: call.guarded ? guardedLookup : undefined,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return finish(null, res);
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (size < MAX_ERROR_BODY) chunks.push(chunk);
            size += chunk.length;
          });
          res.on("end", () => finish(httpFailure(ref, status, Buffer.concat(chunks).toString("utf8"))));
          res.on("error", () => finish(httpFailure(ref, status, Buffer.concat(chunks).toString("utf8"))));
        },
      );
      const sent = req;
      sent.on("error", (err: NodeJS.ErrnoException) => {
        // A kept-alive socket the provider closed while idle fails at once: that is no outage, so
        // try again on a fresh connection without backing off (after a long pause between turns).
        if (firstTry && sent.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE") && !settled) return attempt(false);
        finish(networkFailure(ref, err));
      });
      sent.end(call.body);
    };
    const onAbort = () => {
      req.destroy();
      finish(new AbortedError());
    };
    const timer = setTimeout(() => {
      req.destroy();
      finish(providerError(ref, "transient", `no answer within ${call.timeoutMs} ms`));
    }, call.timeoutMs);
    call.signal?.addEventListener("abort", onAbort, { once: true });
    attempt(true);
  });
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
