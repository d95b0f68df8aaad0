import WebSocket from "ws";
import { guardedLookup, isPrivateHostname } from "../../net/private-address.ts";
import { httpFailure, networkFailure, providerError, type ProviderRef } from "./errors.ts";
import { AbortedError } from "./retry.ts";

interface SocketCall {
  url: URL;
  headers: Record<string, string>;
  guarded: boolean;
  /** Until the upgrade completes. */
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Attached before the socket opens: a provider may send its first message in the same packet as
   * the upgrade answer, before the caller could listen.
   */
  onMessage?: (data: WebSocket.RawData, isBinary: boolean) => void;
}

/**
 * Opens a WebSocket and resolves once it is open. A refused upgrade (e.g. 401 for a bad key) becomes
 * the same ProviderError an HTTP call would give; network failures and timeouts too.
 */
export function openSocket(ref: ProviderRef, call: SocketCall): Promise<WebSocket> {
  if (call.signal?.aborted) return Promise.reject(new AbortedError());
  if (call.guarded && isPrivateHostname(call.url.hostname)) {
    return Promise.reject(providerError(ref, "bad_request", "the base URL points to a private network address"));
  }
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(call.url, {
      headers: { "user-agent": "Cohost voice", ...call.headers },
      // Audio does not compress and deflate costs CPU per frame.
      perMessageDeflate: false,
      handshakeTimeout: call.timeoutMs,
      followRedirects: false,
      // ws hands its options to net/tls.connect, so the guard resolves the name at connect time.
      ...(call.guarded ? { lookup: guardedLookup } : {}),
    } as WebSocket.ClientOptions);
    if (call.onMessage) ws.on("message", call.onMessage);
    let settled = false;
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      call.signal?.removeEventListener("abort", onAbort);
      if (err) {
        ws.removeAllListeners();
        ws.on("error", () => {});
        ws.terminate();
        reject(err);
      } else resolve(ws);
    };
    const onAbort = () => finish(new AbortedError());
    call.signal?.addEventListener("abort", onAbort, { once: true });
    ws.once("open", () => {
      ws.removeAllListeners("unexpected-response");
      finish(null);
    });
    ws.on("unexpected-response", (_req, res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => finish(httpFailure(ref, res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))));
      res.on("error", () => finish(httpFailure(ref, res.statusCode ?? 0, "")));
    });
    ws.on("error", (err) => {
      if (/handshake has timed out/i.test(err.message)) finish(providerError(ref, "transient", `no answer within ${call.timeoutMs} ms`));
      else finish(networkFailure(ref, err));
    });
  });
}
