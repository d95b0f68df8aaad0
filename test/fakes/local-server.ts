import type http from "node:http";
import type { AddressInfo } from "node:net";

// What every fake server does the same way: listen on loopback, and close at once at the end.

/** Listens on 127.0.0.1 at `port` (0: any free one); resolves to the port. */
export function listenLocally(server: http.Server, port = 0): Promise<number> {
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** Closes `server` now, with its open connections (a test's fake waits for no client). */
export function closeNow(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
