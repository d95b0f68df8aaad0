import dns from "node:dns";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as mcpTest } from "@/app/api/mcp/test/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { newEventId } from "@/lib/events/record-event";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// A name that looks public but whose DNS answer is a private address (a rebinding attacker's name)
// passes every check of the URL as written; only the check at connection time (lib/net's
// guardedLookup) refuses it. Here for each client that takes a user's URL — webhooks, MCP tool
// servers, OpenAI-compatible providers — through the product's own code. DNS is the outside world,
// so it is faked: these names resolve to 127.0.0.1, where a TCP server counts connections.

const NAMES = new Set(["hooks.example.com", "tools.example.com", "llm.example.com"]);
const realLookup = dns.lookup;
let server: net.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback?: unknown) => {
    if (!NAMES.has(hostname)) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    const cb = (typeof options === "function" ? options : callback) as (err: Error | null, address: unknown, family?: number) => void;
    if (typeof options === "object" && options !== null && (options as dns.LookupOptions).all) cb(null, [{ address: "127.0.0.1", family: 4 }]);
    else cb(null, "127.0.0.1", 4);
  }) as never);
  server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
  for (const name of ["ALLOW_PRIVATE_PROVIDER_URLS", "ALLOW_PRIVATE_WEBHOOK_URLS", "ALLOW_PRIVATE_TOOL_URLS"]) delete process.env[name];
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs `fn` and says whether it connected to the server behind the names. */
async function connects(fn: () => Promise<unknown>): Promise<{ result: any; connected: boolean }> {
  const before = connections;
  const result = await fn();
  return { result, connected: connections > before };
}

/** Runs `fn` with the operator's switch for private addresses on: the fence that the fake DNS leads to the server. */
async function allowed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  process.env[name] = "1";
  try {
    return await fn();
  } finally {
    delete process.env[name];
  }
}

describe("a public-looking name whose DNS answer is private", () => {
  it("is refused at connection time for a webhook endpoint: the attempt is recorded as refused, nothing connects", async () => {
    const { user } = await createUser();
    const endpoint = await db.webhookEndpoint.create({ data: { userId: user.id, url: `https://hooks.example.com:${port}/in`, events: ["webhook.test"], secretEnc: encryptSecret("whsec_dGVzdHRlc3R0ZXN0dGVzdA==") } });
    const deliver = async () => {
      const event = await db.apiEvent.create({ data: { id: newEventId(), userId: user.id, type: "webhook.test", data: {}, dispatchedAt: new Date() } });
      const delivery = await db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id } });
      await attemptDelivery({ deliveryId: delivery.id, after: 0 });
      return db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
    };
    const refused = await connects(deliver);
    expect(refused.connected).toBe(false);
    expect(refused.result).toMatchObject({ statusCode: null, error: "The address points to a private network address" });
    const fence = await allowed("ALLOW_PRIVATE_WEBHOOK_URLS", () => connects(deliver));
    expect(fence.connected).toBe(true);
  });

  it("is refused at connection time for an MCP tool server", async () => {
    const { headers } = await createUser();
    const test = () => call(mcpTest, { headers, body: { url: `http://tools.example.com:${port}/mcp` } });
    const refused = await connects(test);
    expect(refused.connected).toBe(false);
    expect(refused.result.body).toEqual({ ok: false, message: "The server's address is in a private network" });
    const fence = await allowed("ALLOW_PRIVATE_TOOL_URLS", () => connects(test));
    expect(fence.connected).toBe(true);
  });

  it("is refused at connection time for an OpenAI-compatible provider's base URL", async () => {
    const { headers } = await createUser();
    const check = () => call(verify, { headers, params: { kind: "ai", providerId: "openai-compatible" }, body: { apiKey: "sk-typed-000000", extraParams: { baseUrl: `http://llm.example.com:${port}/v1` } } });
    const refused = await connects(check);
    expect(refused.connected).toBe(false);
    expect(refused.result.body).toEqual({ status: "unreachable", reason: "private_address", message: "That base URL points to a private network address" });
    const fence = await allowed("ALLOW_PRIVATE_PROVIDER_URLS", () => connects(check));
    expect(fence.connected).toBe(true);
  });
});
