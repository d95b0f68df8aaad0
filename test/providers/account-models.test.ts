import { beforeEach, describe, expect, it, vi } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { POST as models } from "@/app/api/providers/[kind]/[providerId]/models/route";
import { catalogueEntry, type ProviderKind } from "@/lib/providers/catalogue";
import { validAgent } from "@/test/agents/fixtures";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// POST /api/providers/{kind}/{providerId}/models against the strict provider fakes, which serve each
// vendor's model (and voice) list as the vendor pages it, with something in every account the
// catalogue does not have.

const fakes = voiceFakesForFile({ providersEnv: true });
let headers: Record<string, string>;
const list = (kind: string, providerId: string, body: Record<string, unknown>, h = headers) => call(models, { params: { kind, providerId }, body, headers: h });
const catalogue = (kind: ProviderKind, id: string) => catalogueEntry(kind, id)!;

beforeEach(async () => {
  headers = (await createUser()).headers;
});

describe("POST /api/providers/{kind}/{providerId}/models", () => {
  it("lists what the key can use for each step, the account's own models and voices included", async () => {
    const key = { apiKey: fakes.validKey };
    const account = async (kind: string, id: string, extra: Record<string, unknown> = {}) => {
      const res = await list(kind, id, { ...key, ...extra });
      expect(res.status, `${kind}/${id}`).toBe(200);
      expect(res.body.problem, `${kind}/${id}`).toBeNull();
      return res.body;
    };
    const ai = await account("ai", "openai");
    expect(ai.models.source).toBe("account");
    // The fine-tuned model is the account's own; audio, embedding and image models are not chat models.
    expect(ai.models.items).toEqual(expect.arrayContaining(["gpt-4o-mini", "gpt-5-mini", "ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa"]));
    expect(ai.models.items).not.toEqual(expect.arrayContaining(["whisper-1"]));
    for (const other of ["tts-1", "gpt-4o-transcribe", "text-embedding-3-small", "dall-e-3"]) expect(ai.models.items).not.toContain(other);
    expect((await account("stt", "openai")).models.items).toEqual(["gpt-4o-mini-transcribe", "gpt-4o-transcribe", "whisper-1"]);
    expect((await account("tts", "openai")).models.items).toEqual(["gpt-4o-mini-tts", "tts-1", "tts-1-hd"]);
    const groq = await account("ai", "groq");
    expect(groq.models.items).toContain("moonshotai/kimi-k2-instruct");
    expect(groq.models.items.some((m: string) => m.includes("whisper") || m.includes("tts"))).toBe(false);
    const anthropic = await account("ai", "anthropic");
    expect(anthropic.models.items).toEqual(expect.arrayContaining(["claude-haiku-4-5", "claude-opus-4-8"]));
    const gemini = await account("ai", "gemini");
    expect(gemini.models.items).toContain("gemini-3-flash-preview");
    expect(gemini.models.items).not.toContain("gemini-embedding-001");
    expect((await account("stt", "deepgram")).models.items).toEqual(expect.arrayContaining(["nova-3", "flux-general-en"]));
    expect((await account("tts", "deepgram")).models.items).toEqual(expect.arrayContaining(["aura-2-thalia-en", "aura-2-celeste-es"]));
    const eleven = await account("tts", "elevenlabs");
    expect(eleven.models.items).toContain("eleven_v3");
    expect(eleven.models.items).not.toContain("eleven_multilingual_sts_v2");
    expect(eleven.voices).toEqual({ source: "account", items: expect.arrayContaining([{ id: "cL0n3dV01c3Xyz123456", name: "My cloned voice" }]) });
    // Cartesia lists voices but not models: its models stay the catalogue's suggestions.
    const cartesia = await account("tts", "cartesia");
    expect(cartesia.models).toEqual({ source: "catalogue", items: catalogue("tts", "cartesia").models });
    expect(cartesia.voices.source).toBe("account");
    expect(cartesia.voices.items.map((v: { name: string }) => v.name)).toContain("Our support voice");
    // AssemblyAI has no list: the catalogue's, and nothing failed.
    expect(await account("stt", "assemblyai")).toEqual({ models: { source: "catalogue", items: catalogue("stt", "assemblyai").models }, voices: { source: "catalogue", items: [] }, problem: null });
    const compatible = await account("ai", "openai-compatible", { extraParams: { baseUrl: fakes.compatibleBaseUrl } });
    expect(compatible.models.items).toContain("local-llama-3.1-8b");

    // Each call sent the key in the provider's own header, never in a URL; the answers never carry it.
    for (const r of fakes.requests) expect(`${r.path}?${new URLSearchParams(r.query as Record<string, string>)}`).not.toContain(fakes.validKey);
    expect(JSON.stringify([ai, anthropic, gemini, eleven, cartesia])).not.toContain(fakes.validKey);
    expect(fakes.requests.find((r) => r.provider === "anthropic")?.headers["anthropic-version"]).toBe("2026-10-21");
  });

  it("falls back to the catalogue, saying why, when the key is refused, the provider fails or is slow", async () => {
    const refused = await list("ai", "anthropic", { apiKey: "wrong-key-000000" });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ models: { source: "catalogue", items: catalogue("ai", "anthropic").models }, voices: { source: "catalogue", items: [] }, problem: expect.objectContaining({ status: "invalid", reason: "rejected" }) });
    fakes.failNext("openai", { status: 503 }, 1, "models");
    expect((await list("ai", "openai", { apiKey: fakes.validKey })).body).toMatchObject({ models: { source: "catalogue" }, problem: { reason: "provider_error", providerStatus: 503 } });
    fakes.failNext("elevenlabs", { hang: true }, 1, "models");
    vi.stubEnv("PROVIDER_VERIFY_TIMEOUT_MS", "300");
    try {
      const slow = await list("tts", "elevenlabs", { apiKey: fakes.validKey });
      expect(slow.body).toMatchObject({ models: { source: "catalogue" }, voices: { source: "catalogue", items: catalogue("tts", "elevenlabs").voices }, problem: { reason: "timeout", seconds: 1 } });
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv("PROVIDER_BASE_URL_GROQ", "http://127.0.0.1:1");
    try {
      expect((await list("ai", "groq", { apiKey: fakes.validKey })).body.problem).toMatchObject({ reason: "refused" });
    } finally {
      vi.unstubAllEnvs();
      Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
    }
  });

  it("uses the key an agent stores, only the user's own and only for that provider", async () => {
    const agent = (await call(create, { body: validAgent({ aiProviderId: "anthropic", aiApiKey: fakes.validKey, aiExtraParams: {} }), headers })).body;
    const stored = await list("ai", "anthropic", { agentId: agent.id });
    expect(stored.body.models.source).toBe("account");
    const otherProvider = await list("ai", "openai", { agentId: agent.id });
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.body.issues).toEqual([{ path: "apiKey", message: "No key is stored for this provider" }]);
    const stranger = await createUser();
    expect((await list("ai", "anthropic", { agentId: agent.id }, stranger.headers)).status).toBe(404);
  });

  it("OpenAI-compatible: the base URL is required, must be http(s) and, unless allowed, outside our network", async () => {
    expect((await list("ai", "openai-compatible", { apiKey: "k" })).body.issues).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" is required' }]);
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    const before = fakes.requests.length;
    try {
      for (const baseUrl of [fakes.compatibleBaseUrl, "http://169.254.169.254/latest"]) {
        const res = await list("ai", "openai-compatible", { apiKey: fakes.validKey, extraParams: { baseUrl } });
        expect(res.status, baseUrl).toBe(400);
        expect(res.body.issues).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" must not point to a private network address' }]);
      }
    } finally {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
    }
    expect(fakes.requests.length).toBe(before);
  });

  it("400 without a key, 404 for unknown providers and kinds, 401 signed out; shares Test key's limit", async () => {
    expect((await list("ai", "openai", {})).body.issues).toEqual([{ path: "apiKey", message: "Enter a key to test" }]);
    expect((await list("ai", "nope", { apiKey: "k" })).status).toBe(404);
    expect((await list("video", "openai", { apiKey: "k" })).status).toBe(404);
    expect((await list("ai", "openai", { apiKey: "k" }, {})).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await list("stt", "assemblyai", { apiKey: "k" })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
