import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fetchBytes } from "./fetch-bytes.ts";
import { openRequest } from "./open-request.ts";
import { openWebSocket } from "./open-web-socket.ts";
import { PrivateAddressError } from "./private-address.ts";
import { webFetch } from "./web-fetch.ts";

// The private-address guard of lib/net, for a name that looks public but whose DNS answer is
// loopback (a rebinding attacker's name): only the check at connection time can catch it. DNS is the
// outside world here, so it is faked: this one name resolves to 127.0.0.1, where a server listens.
const NAME = "calendar.example.com";
const realLookup = dns.lookup;

let server: http.Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback?: unknown) => {
    if (hostname !== NAME) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    const cb = (typeof options === "function" ? options : callback) as (err: Error | null, address: unknown, family?: number) => void;
    if (typeof options === "object" && options !== null && (options as dns.LookupOptions).all) cb(null, [{ address: "127.0.0.1", family: 4 }]);
    else cb(null, "127.0.0.1", 4);
  }) as never);
  server = http.createServer((_req, res) => res.end("inside"));
  server.on("connection", () => connections++);
  new WebSocketServer({ server }).on("connection", (ws) => ws.close());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs `fn` and says whether it made a connection to the server on loopback. */
async function connected(fn: () => Promise<unknown>): Promise<{ result: unknown; connected: boolean }> {
  const before = connections;
  const result = await fn().catch((err: unknown) => err);
  return { result, connected: connections > before };
}

describe("a public-looking name that resolves to a private address", () => {
  const url = () => new URL(`http://${NAME}:${port}/calendar.ics`);

  it("is reached when not guarded (the fake DNS answer works)", async () => {
    const { result, connected: made } = await connected(async () => {
      const res = await openRequest(url(), { guarded: false });
      res.resume();
      return res.statusCode;
    });
    expect(result).toBe(200);
    expect(made).toBe(true);
  });

  it("is refused at connection time by a guarded request, though the pool holds a socket to it", async () => {
    const unguarded = await openRequest(url(), { guarded: false });
    await new Promise((resolve) => unguarded.resume().on("end", resolve));
    const { result, connected: made } = await connected(() => openRequest(url(), { guarded: true }));
    expect(result).toBeInstanceOf(PrivateAddressError);
    expect(made).toBe(false);
  });

  it("is refused by every primitive: a whole fetch, a web fetch and a WebSocket", async () => {
    const whole = await connected(() => fetchBytes(url(), { guarded: true, timeoutMs: 2000, maxBytes: 1024 }));
    expect(whole.result).toBeInstanceOf(PrivateAddressError);
    const web = await connected(() => webFetch({ guarded: true, userAgent: "test", maxBytes: 1024, peer: "server" })(url()));
    expect(web.result).toBeInstanceOf(PrivateAddressError);
    const socket = await connected(() => openWebSocket(new URL(`ws://${NAME}:${port}/`), { headers: {}, guarded: true, timeoutMs: 2000 }));
    expect(socket.result).toBeInstanceOf(PrivateAddressError);
    expect([whole.connected, web.connected, socket.connected]).toEqual([false, false, false]);

    // Fence: unguarded, the same WebSocket opens.
    const open = await connected(() => openWebSocket(new URL(`ws://${NAME}:${port}/`), { headers: {}, guarded: false, timeoutMs: 2000 }));
    expect(open.connected).toBe(true);
    (open.result as { terminate(): void }).terminate();
  });
});

it("refuses a private literal address before connecting", async () => {
  const { result, connected: made } = await connected(() => openRequest(new URL(`http://127.0.0.1:${port}/`), { guarded: true }));
  expect(result).toBeInstanceOf(PrivateAddressError);
  expect(made).toBe(false);
});
