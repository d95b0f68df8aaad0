import WebSocket from "ws";
import { RequestTimeoutError, UpgradeRefusedError } from "./errors.ts";
import { guardedLookup, isPrivateHostname, PrivateAddressError } from "./private-address.ts";

export interface SocketRequest {
  headers: Record<string, string>;
  /** Refuse private addresses, as openRequest does: a literal one here, a resolved one when connecting. */
  guarded: boolean;
  /** Until the upgrade completes; then a RequestTimeoutError. */
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Attached before the socket opens: a server may send its first message in the same packet as the
   * upgrade answer, before the caller could listen.
   */
  onMessage?: (data: WebSocket.RawData, isBinary: boolean) => void;
}

/**
 * Opens a WebSocket and resolves once it is open. Rejects with PrivateAddressError, an
 * UpgradeRefusedError (the server answered the upgrade with e.g. 401, and its body), a
 * RequestTimeoutError, the signal's reason, or the network's error. No redirects are followed, and
 * no compression is offered (audio does not compress, and deflate costs CPU per frame).
 */
export function openWebSocket(url: URL, req: SocketRequest): Promise<WebSocket> {
  if (req.signal?.aborted) return Promise.reject(req.signal.reason);
  if (req.guarded && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(`${url.hostname} is a private address`));
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: req.headers,
      perMessageDeflate: false,
      handshakeTimeout: req.timeoutMs,
      followRedirects: false,
      // ws hands its options to net/tls.connect, so the guard resolves the name at connect time.
      ...(req.guarded ? { lookup: guardedLookup } : {}),
    } as WebSocket.ClientOptions);
    if (req.onMessage) ws.on("message", req.onMessage);
    let settled = false;
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.signal?.removeEventListener("abort", onAbort);
      if (err) {
        ws.removeAllListeners();
        ws.on("error", () => {});
        ws.terminate();
        reject(err);
      } else resolve(ws);
    };
    const onAbort = () => finish(req.signal!.reason);
    req.signal?.addEventListener("abort", onAbort, { once: true });
    ws.once("open", () => {
      ws.removeAllListeners("unexpected-response");
      finish(null);
    });
    ws.on("unexpected-response", (_req, res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => finish(new UpgradeRefusedError(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))));
      res.on("error", () => finish(new UpgradeRefusedError(res.statusCode ?? 0, "")));
    });
    ws.on("error", (err) => finish(/handshake has timed out/i.test(err.message) ? new RequestTimeoutError(req.timeoutMs) : err));
  });
}
