import type WebSocket from "ws";
import { RequestTimeoutError, UpgradeRefusedError } from "../../net/errors.ts";
import { openWebSocket, type SocketRequest } from "../../net/open-web-socket.ts";
import { PrivateAddressError } from "../../net/private-address.ts";
import { httpFailure, networkFailure, providerError, type ProviderRef } from "./errors.ts";
import { AbortedError } from "./retry.ts";

interface SocketCall extends SocketRequest {
  url: URL;
}

/**
 * Opens a WebSocket (lib/net) and resolves once it is open. A refused upgrade (e.g. 401 for a bad key)
 * becomes the same ProviderError an HTTP call would give; network failures and timeouts too.
 */
export async function openSocket(ref: ProviderRef, call: SocketCall): Promise<WebSocket> {
  if (call.signal?.aborted) throw new AbortedError();
  try {
    return await openWebSocket(call.url, { ...call, headers: { "user-agent": "Cohost voice", ...call.headers } });
  } catch (err) {
    if (call.signal?.aborted) throw new AbortedError();
    if (err instanceof PrivateAddressError) throw providerError(ref, "bad_request", "the base URL points to a private network address");
    if (err instanceof UpgradeRefusedError) throw httpFailure(ref, err.status, err.body);
    if (err instanceof RequestTimeoutError) throw providerError(ref, "transient", `no answer within ${call.timeoutMs} ms`);
    throw networkFailure(ref, err);
  }
}
