import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { validAgent } from "@/test/agents/fixtures";

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let headers: Record<string, string>;
const check = (kind: string, providerId: string, body: Record<string, unknown>, h = headers) => call(verify, { params: { kind, providerId }, body, headers: h });

beforeAll(async () => {
  fake = await startFakeProviders();
  Object.assign(process.env, fake.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.set({});
  headers = (await createUser()).headers;
});

describe("POST /api/providers/{kind}/{providerId}/verify", () => {
  // The fakes accept the key only in each provider's own scheme (test/fakes/providers/protocols.ts).
  const targets: [kind: string, providerId: string, request: { path: string; query?: string; header?: [string, string] }][] = [
    ["stt", "deepgram", { path: "/deepgram/v1/projects", header: ["authorization", "Token valid-key-0123456789"] }],
    ["stt", "assemblyai", { path: "/assemblyai/v2/transcript", query: "?limit=1", header: ["authorization", "valid-key-0123456789"] }],
    ["stt", "openai", { path: "/openai/v1/models", header: ["authorization", "Bearer valid-key-0123456789"] }],
    ["ai", "openai", { path: "/openai/v1/models", header: ["authorization", "Bearer valid-key-0123456789"] }],
    ["ai", "anthropic", { path: "/anthropic/v1/models", header: ["x-api-key", "valid-key-0123456789"] }],
    ["ai", "gemini", { path: "/gemini/v1beta/models", header: ["x-goog-api-key", "valid-key-0123456789"] }],
    ["ai", "groq", { path: "/groq/openai/v1/models", header: ["authorization", "Bearer valid-key-0123456789"] }],
    ["tts", "elevenlabs", { path: "/elevenlabs/v1/user", header: ["xi-api-key", "valid-key-0123456789"] }],
    ["tts", "cartesia", { path: "/cartesia/voices", header: ["authorization", "Bearer valid-key-0123456789"] }],
    ["tts", "deepgram", { path: "/deepgram/v1/projects", header: ["authorization", "Token valid-key-0123456789"] }],
    ["tts", "openai", { path: "/openai/v1/models", header: ["authorization", "Bearer valid-key-0123456789"] }],
  ];

  it("valid with the right key, sent the way each provider expects; invalid with a wrong one", async () => {
    for (const [kind, providerId, expected] of targets) {
      const label = `${kind}/${providerId}`;
      const ok = await check(kind, providerId, { apiKey: fake.validKey });
      expect(ok.status, label).toBe(200);
      // A typed key that passed carries a proof for the save ("untested key" hint, docs/ui.md): a digest, not the key.
      expect(ok.body, label).toEqual({ status: "valid", reason: "valid", message: "The key works", proof: expect.any(String) });
      expect(ok.body.proof, label).not.toContain(fake.validKey);
      const seen = fake.seen.at(-1)!;
      expect(seen.path, label).toBe(expected.path);
      if (expected.query) expect(seen.query, label).toBe(expected.query);
      if (expected.header) expect(seen.headers[expected.header[0]], label).toBe(expected.header[1]);
      // A key never travels in a URL, where proxies and logs would keep it.
      expect(`${seen.path}${seen.query ?? ""}`, label).not.toContain(fake.validKey);
      const bad = await check(kind, providerId, { apiKey: "wrong-key-000000" });
      expect(bad.body, label).toEqual({ status: "invalid", reason: "rejected", message: "The provider rejected this key" });
    }
    expect(fake.seen.find((r) => r.provider === "anthropic")?.headers["anthropic-version"]).toBe("2026-10-21");
    expect(fake.seen.find((r) => r.provider === "cartesia")?.headers["cartesia-version"]).toBe("2026-08-14");
  });

  it("OpenAI-compatible: calls <baseUrl>/models with a bearer key, for every kind", async () => {
    for (const kind of ["stt", "ai", "tts"]) {
      const ok = await check(kind, "openai-compatible", { apiKey: fake.validKey, extraParams: { baseUrl: `${fake.compatibleBaseUrl}/` } });
      expect(ok.body, kind).toMatchObject({ status: "valid" });
      expect(fake.seen.at(-1)?.path).toBe("/openai-compatible/v1/models");
      expect((await check(kind, "openai-compatible", { apiKey: "wrong", extraParams: { baseUrl: fake.compatibleBaseUrl } })).body.status).toBe("invalid");
    }
    // A server of the user's own may ask for no key: the check then sends none (this fake wants one).
    const keyless = await check("ai", "openai-compatible", { extraParams: { baseUrl: fake.compatibleBaseUrl } });
    expect(keyless.body).toMatchObject({ status: "invalid", reason: "rejected" });
    expect(fake.seen.at(-1)?.headers.authorization).toBeUndefined();
    const missing = await check("ai", "openai-compatible", { apiKey: "k" });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" is required' }]);
    const ftp = await check("ai", "openai-compatible", { apiKey: "k", extraParams: { baseUrl: "file:///etc/passwd" } });
    expect(ftp.body.issues).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" must be an http(s) URL' }]);
  });

  it("unreachable when the provider is down, limiting, slow or not there", async () => {
    fake.set({ status: 503 });
    expect((await check("ai", "openai", { apiKey: fake.validKey })).body).toEqual({ status: "unreachable", reason: "provider_error", providerStatus: 503, message: "The provider answered with an error (503); try again later" });
    fake.set({ status: 429 });
    expect((await check("ai", "openai", { apiKey: fake.validKey })).body).toEqual({ status: "unreachable", reason: "rate_limited", message: "The provider is limiting requests; try again later" });

    fake.set({ delayMs: 2000 });
    process.env.PROVIDER_VERIFY_TIMEOUT_MS = "200";
    try {
      // The fake answers "valid" after 2 s: "unreachable" means the timeout ended the call first.
      const slow = await check("tts", "elevenlabs", { apiKey: fake.validKey });
      expect(slow.body).toEqual({ status: "unreachable", reason: "timeout", seconds: 1, message: "The provider did not answer within 1 second" });
    } finally {
      delete process.env.PROVIDER_VERIFY_TIMEOUT_MS;
      fake.set({});
    }

    vi.stubEnv("PROVIDER_BASE_URL_GROQ", "http://127.0.0.1:1");
    try {
      expect((await check("ai", "groq", { apiKey: fake.validKey })).body).toEqual({ status: "unreachable", reason: "refused", message: "The provider's server refused the connection" });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("says why a server of the user's own could not be reached: refused, no such host, no TLS, nothing at that path (issue 31)", async () => {
    const compatible = (baseUrl: string) => check("ai", "openai-compatible", { apiKey: fake.validKey, extraParams: { baseUrl } });
    expect((await compatible("http://127.0.0.1:1/v1")).body).toMatchObject({ status: "unreachable", reason: "refused" });
    expect((await compatible("http://no-such-host.invalid/v1")).body).toMatchObject({ status: "unreachable", reason: "dns" });
    // https to a plain-http server: the TLS handshake fails.
    expect((await compatible(fake.compatibleBaseUrl.replace(/^http:/, "https:"))).body).toMatchObject({ status: "unreachable", reason: "tls" });
    // A server that has nothing at <baseUrl>/models (a base URL without its /v1, say).
    fake.set({ status: 404 });
    expect((await compatible(fake.compatibleBaseUrl)).body).toMatchObject({ status: "unreachable", reason: "not_found", providerStatus: 404 });
  });

  it("refuses a custom URL on a private address unless ALLOW_PRIVATE_PROVIDER_URLS=1", async () => {
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    const before = fake.seen.length;
    try {
      for (const baseUrl of [fake.compatibleBaseUrl, "http://localhost:8080/v1", "http://[::1]:8080/v1", "http://10.1.2.3/v1", "http://169.254.169.254/latest"]) {
        const res = await check("ai", "openai-compatible", { apiKey: fake.validKey, extraParams: { baseUrl } });
        expect(res.status, baseUrl).toBe(400);
        expect(res.body.issues, baseUrl).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" must not point to a private network address' }]);
      }
    } finally {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
    }
    expect(fake.seen.length).toBe(before);
  });

  it("tests the key an agent stores, only the user's own and only for that provider", async () => {
    const agent = (await call(create, { body: validAgent({ sttApiKey: fake.validKey }), headers })).body;
    expect((await check("stt", "deepgram", { agentId: agent.id })).body).toEqual({ status: "valid", reason: "valid", message: "The key works" });
    const otherProvider = await check("stt", "assemblyai", { agentId: agent.id });
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.body.issues).toEqual([{ path: "apiKey", message: "No key is stored for this provider" }]);
    const stranger = await createUser();
    expect((await check("stt", "deepgram", { agentId: agent.id }, stranger.headers)).status).toBe(404);
  });

  it("400 without a key, 404 for unknown providers and kinds", async () => {
    for (const body of [{}, { apiKey: "" }, { apiKey: "   " }]) {
      const res = await check("ai", "openai", body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: "apiKey", message: "Enter a key to test" }]);
    }
    for (const [kind, providerId] of [["ai", "nope"], ["tts", "anthropic"], ["video", "openai"]]) {
      const res = await check(kind, providerId, { apiKey: "k" });
      expect(res.status, `${kind}/${providerId}`).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "Unknown provider" });
    }
  });

  it("limits how many keys one user can test per minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await check("ai", "openai", { apiKey: "wrong" })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
