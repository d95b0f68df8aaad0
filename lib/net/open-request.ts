import http from "node:http";
import https from "node:https";
import { RequestTimeoutError } from "./errors.ts";
import { pooledAgent } from "./pooled-agent.ts";
import { isPrivateHostname, PrivateAddressError } from "./private-address.ts";

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * Refuse private addresses: a literal one (or localhost) before connecting, a name that resolves to
   * one when connecting (guardedLookup, so DNS rebinding cannot slip through).
   */
  guarded: boolean;
  /** Ends the whole exchange, the body included: before the answer the promise rejects with its reason. */
  signal?: AbortSignal;
  /** Until the response headers arrive; then a RequestTimeoutError. */
  timeoutMs?: number;
}

/**
 * Sends one request through the pool and resolves with its answer, whatever the status; the caller
 * reads the body (readBody) or destroys it. Redirects are not followed. A kept-alive socket the
 * server closed while idle fails at once without the request having arrived: it goes again on a
 * fresh connection, once.
 */
export function openRequest(url: URL, req: OutboundRequest): Promise<http.IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new TypeError(`Unsupported protocol ${url.protocol}`));
  if (req.guarded && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(`${url.hostname} is a private address`));
  const { signal } = req;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const client = url.protocol === "https:" ? https : http;
  const headers = req.body === undefined ? req.headers : { ...req.headers, "content-length": String(Buffer.byteLength(req.body)) };
  return new Promise((resolve, reject) => {
    let settled = false;
    let current: http.ClientRequest;
    const finish = (err: unknown, res?: http.IncomingMessage) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        current.destroy();
        reject(err);
      } else resolve(res!);
    };
    const onAbort = () => {
      current.destroy(signal!.reason);
      finish(signal!.reason);
    };
    const send = (firstTry: boolean) => {
      const sent = client.request(url, { method: req.method ?? "GET", headers, agent: pooledAgent(url.protocol, req.guarded) }, (res) => finish(null, res));
      current = sent;
      sent.on("error", (err: NodeJS.ErrnoException) => {
        if (firstTry && !settled && sent.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE")) return send(false);
        finish(err);
      });
      sent.on("close", () => {
        if (sent === current) signal?.removeEventListener("abort", onAbort);
      });
      sent.end(req.body);
    };
    const timer = req.timeoutMs === undefined ? undefined : setTimeout(() => finish(new RequestTimeoutError(req.timeoutMs!)), req.timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    send(true);
  });
}
