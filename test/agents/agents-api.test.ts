import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as list, POST as create } from "@/app/api/agents/route";
import { DELETE as remove, GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { PATCH as setStatus } from "@/app/api/agents/[id]/status/route";
import { GET as providers } from "@/app/api/providers/[kind]/route";
import { GET as defaults } from "@/app/api/providers/defaults/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto/secrets";
import { call } from "@/test/http";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { createUser } from "@/test/users";

const STT_KEY = "dg-secret-key-AAAA1111";
const AI_KEY = "sk-proj-secret-BBBB2222";
const TTS_KEY = "el-secret-key-CCCC3333";

const valid = (over: Record<string, unknown> = {}) => ({
  name: "Meeting helper",
  description: "Answers questions about the roadmap.",
  language: "en",
  wakeWord: "hey cohost",
  sttProviderId: "deepgram",
  sttApiKey: STT_KEY,
  sttExtraParams: { endpointing: 400 },
  aiProviderId: "openai",
  aiApiKey: AI_KEY,
  aiExtraParams: { temperature: 0.3 },
  ttsProviderId: "elevenlabs",
  ttsApiKey: TTS_KEY,
  meetingPlatform: "zoom",
  whitelistedEmails: ["Boss@Example.com", "boss@example.com", "team@example.com"],
  ...over,
});

describe("agents API", () => {
  it("creates an agent: keys encrypted at rest, never returned, e-mails de-duplicated", async () => {
    const { user, headers } = await createUser();
    const res = await call(create, { body: valid(), headers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "active",
      name: "Meeting helper",
      sttHasKey: true,
      sttKeyHint: "dg-…1111",
      aiHasKey: true,
      aiKeyHint: "sk-…2222",
      whitelistedEmails: ["boss@example.com", "team@example.com"],
      sttExtraParams: { endpointing: 400 },
    });
    const stored = await db.agent.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.userId).toBe(user.id);
    expect(stored.sttApiKeyEnc).not.toContain(STT_KEY);
    expect(decryptSecret(stored.sttApiKeyEnc!)).toBe(STT_KEY);
    const listed = await call(list, { headers });
    expect(listed.body).toHaveLength(1);
    for (const body of [res.body, listed.body]) {
      const text = JSON.stringify(body);
      for (const secret of [STT_KEY, AI_KEY, TTS_KEY, stored.sttApiKeyEnc!]) expect(text).not.toContain(secret);
    }
  });

  it("an update that omits a key keeps it; an empty string clears it", async () => {
    const { headers } = await createUser();
    const created = (await call(create, { body: valid(), headers })).body;
    const { sttApiKey: _s, aiApiKey: _a, ttsApiKey: _t, ...withoutKeys } = valid({ name: "Renamed" });
    const kept = await call(update, { method: "PUT", params: { id: created.id }, body: withoutKeys, headers });
    expect(kept.body).toMatchObject({ name: "Renamed", sttHasKey: true, sttKeyHint: "dg-…1111", aiHasKey: true });
    const cleared = await call(update, { method: "PUT", params: { id: created.id }, body: { ...withoutKeys, aiApiKey: "" }, headers });
    expect(cleared.body).toMatchObject({ aiHasKey: false, aiKeyHint: null, sttHasKey: true });
  });

  it("rejects invalid input with field-level messages and saves nothing", async () => {
    const { user, headers } = await createUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [{ name: "x".repeat(81) }, "name", "Name must be at most 80 characters"],
      [{ language: "xx" }, "language", "Choose a supported language"],
      [{ wakeWord: "" }, "wakeWord", "Wake word is required unless manual activation is on"],
      [{ sttProviderId: "nope" }, "sttProviderId", "Choose an active speech-to-text provider"],
      [{ aiProviderId: "elevenlabs" }, "aiProviderId", "Choose an active AI provider"],
      [{ sttExtraParams: [1, 2] }, "sttExtraParams", "Extra parameters must be a JSON object"],
      [{ sttExtraParams: { endpointing: "fast" } }, "sttExtraParams.endpointing", '"endpointing" must be a number'],
      [{ aiExtraParams: { temperature: 5 } }, "aiExtraParams.temperature", '"temperature" must be between 0 and 2'],
      [{ ttsExtraParams: { colour: "blue" } }, "ttsExtraParams.colour", 'Unknown parameter "colour"'],
      [{ whitelistedEmails: ["not-an-email"] }, "whitelistedEmails.0", "Invalid e-mail address: not-an-email"],
      [{ meetingPlatform: "webex" }, "meetingPlatform", "Choose zoom, teams or meet"],
      [{ zoomAppKey: "key-without-secret" }, "zoomAppSecret", "Zoom app key and secret must be set together"],
      [{ aiProviderId: "openai-compatible", aiExtraParams: { model: "llama" } }, "aiExtraParams.baseUrl", '"baseUrl" is required'],
    ];
    for (const [over, path, message] of cases) {
      const res = await call(create, { body: valid(over), headers });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe("validation_error");
      expect(res.body.issues, path).toContainEqual({ path, message });
    }
    expect(await db.agent.count({ where: { userId: user.id } })).toBe(0);
    // Manual activation needs no wake word.
    expect((await call(create, { body: valid({ wakeWord: "", manualActivation: true }), headers })).status).toBe(201);
  });

  it("another user's agent is 404 on every route, and nothing changes", async () => {
    const owner = await createUser();
    const other = await createUser();
    const agent = (await call(create, { body: valid(), headers: owner.headers })).body;
    const params = { id: agent.id };
    expect((await call(getOne, { params, headers: other.headers })).status).toBe(404);
    expect((await call(update, { method: "PUT", params, body: valid({ name: "Stolen" }), headers: other.headers })).status).toBe(404);
    expect((await call(setStatus, { method: "PATCH", params, body: { status: "paused" }, headers: other.headers })).status).toBe(404);
    expect((await call(remove, { method: "DELETE", params, headers: other.headers })).status).toBe(404);
    expect((await call(list, { headers: other.headers })).body).toEqual([]);
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ name: "Meeting helper", status: "active" });
  });

  it("pauses and resumes; bad status is 400", async () => {
    const { headers } = await createUser();
    const agent = (await call(create, { body: valid(), headers })).body;
    expect((await call(setStatus, { method: "PATCH", params: { id: agent.id }, body: { status: "paused" }, headers })).body.status).toBe("paused");
    expect((await call(setStatus, { method: "PATCH", params: { id: agent.id }, body: { status: "active" }, headers })).body.status).toBe("active");
    expect((await call(setStatus, { method: "PATCH", params: { id: agent.id }, body: { status: "sleeping" }, headers })).status).toBe(400);
  });

  it("deleting an agent cancels its open meetings and keeps them in the history", async () => {
    const { user, headers } = await createUser();
    const agent = (await call(create, { body: valid(), headers })).body;
    const mk = (status: "scheduled" | "in_progress" | "completed") =>
      db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/5", platform: "zoom", status, scheduledStart: new Date() } });
    const [scheduled, running, done] = [await mk("scheduled"), await mk("in_progress"), await mk("completed")];
    const res = await call(remove, { method: "DELETE", params: { id: agent.id }, headers });
    expect(res.body).toEqual({ deleted: true, cancelledMeetings: 2 });
    expect(await db.agent.findUnique({ where: { id: agent.id } })).toBeNull();
    for (const m of [scheduled, running]) {
      expect(await db.meeting.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({ status: "cancelled", statusReason: "agent_deleted", agentId: null });
      expect(await db.meetingEvent.findFirst({ where: { meetingId: m.id, toStatus: "cancelled" } })).toMatchObject({ reason: "agent_deleted" });
    }
    expect((await db.meeting.findUniqueOrThrow({ where: { id: done.id } })).status).toBe("completed");
  });

  it("no log line contains a stored key", async () => {
    const lines: string[] = [];
    const spies = (["log", "info", "warn", "error"] as const).map((m) => vi.spyOn(console, m).mockImplementation((...a) => void lines.push(a.map(String).join(" "))));
    try {
      const { headers } = await createUser();
      const agent = (await call(create, { body: valid(), headers })).body;
      await call(update, { method: "PUT", params: { id: agent.id }, body: valid({ name: "x".repeat(100) }), headers });
      await call(list, { headers });
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    for (const secret of [STT_KEY, AI_KEY, TTS_KEY]) expect(lines.join("\n")).not.toContain(secret);
  });
});

describe("providers API", () => {
  let fake: Awaited<ReturnType<typeof startFakeProviders>>;
  let slow: Awaited<ReturnType<typeof startFakeProviders>>;
  beforeAll(async () => {
    fake = await startFakeProviders();
    slow = await startFakeProviders({ delayMs: 2000 });
    for (const id of ["DEEPGRAM", "ASSEMBLYAI", "OPENAI", "ANTHROPIC", "GEMINI", "GROQ", "ELEVENLABS", "CARTESIA"]) process.env[`PROVIDER_BASE_URL_${id}`] = fake.url;
    process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
  });
  afterAll(async () => {
    await fake.close();
    await slow.close();
  });

  it("lists only active providers per kind, and the defaults", async () => {
    const { headers } = await createUser();
    await db.provider.update({ where: { kind_id: { kind: "ai", id: "groq" } }, data: { isActive: false } });
    try {
      const ai = await call(providers, { params: { kind: "ai" }, headers });
      expect(ai.body.map((p: { id: string }) => p.id)).toEqual(["openai", "anthropic", "gemini", "openai-compatible"]);
      expect(ai.body[0]).toMatchObject({ name: "OpenAI", isDefault: true, models: expect.arrayContaining(["gpt-4o-mini"]), docsUrl: expect.stringMatching(/^https:/) });
      expect((await call(providers, { params: { kind: "stt" }, headers })).body.map((p: { id: string }) => p.id)).toEqual(["deepgram", "assemblyai", "openai", "openai-compatible"]);
      expect((await call(providers, { params: { kind: "video" }, headers })).status).toBe(404);
    } finally {
      await db.provider.update({ where: { kind_id: { kind: "ai", id: "groq" } }, data: { isActive: true } });
    }
    expect((await call(defaults, { headers })).body).toEqual({
      stt: { providerId: "deepgram", model: "nova-3" },
      ai: { providerId: "openai", model: "gpt-4o-mini" },
      tts: { providerId: "elevenlabs", model: "eleven_flash_v2_5" },
    });
  });

  it("checks a key with each provider's own authentication: valid, invalid", async () => {
    const { headers } = await createUser();
    const targets: [string, string][] = [
      ["stt", "deepgram"], ["stt", "assemblyai"], ["stt", "openai"], ["ai", "anthropic"], ["ai", "gemini"], ["ai", "groq"], ["tts", "elevenlabs"], ["tts", "cartesia"], ["tts", "deepgram"],
    ];
    for (const [kind, providerId] of targets) {
      const ok = await call(verify, { params: { kind, providerId }, body: { apiKey: fake.validKey }, headers });
      expect(ok.body.status, `${kind}/${providerId}`).toBe("valid");
      const bad = await call(verify, { params: { kind, providerId }, body: { apiKey: "wrong-key" }, headers });
      expect(bad.body.status, `${kind}/${providerId}`).toBe("invalid");
    }
    const compat = await call(verify, { params: { kind: "ai", providerId: "openai-compatible" }, body: { apiKey: fake.validKey, extraParams: { baseUrl: `${fake.url}/compat` } }, headers });
    expect(compat.body.status).toBe("valid");
  });

  it("says unreachable on timeouts and dead hosts, and refuses private custom URLs in production mode", async () => {
    const { headers } = await createUser();
    process.env.PROVIDER_BASE_URL_OPENAI = slow.url;
    process.env.PROVIDER_VERIFY_TIMEOUT_MS = "300";
    try {
      const timeout = await call(verify, { params: { kind: "ai", providerId: "openai" }, body: { apiKey: fake.validKey }, headers });
      expect(timeout.body.status).toBe("unreachable");
    } finally {
      process.env.PROVIDER_BASE_URL_OPENAI = fake.url;
      delete process.env.PROVIDER_VERIFY_TIMEOUT_MS;
    }
    process.env.PROVIDER_BASE_URL_GROQ = "http://127.0.0.1:1";
    expect((await call(verify, { params: { kind: "ai", providerId: "groq" }, body: { apiKey: "k" }, headers })).body.status).toBe("unreachable");
    process.env.PROVIDER_BASE_URL_GROQ = fake.url;
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    try {
      const priv = await call(verify, { params: { kind: "ai", providerId: "openai-compatible" }, body: { apiKey: fake.validKey, extraParams: { baseUrl: `${fake.url}/compat` } }, headers });
      expect(priv.body).toMatchObject({ status: "unreachable", message: "That base URL points to a private network address" });
    } finally {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
    }
    expect((await call(verify, { params: { kind: "ai", providerId: "openai" }, body: { apiKey: "" }, headers })).status).toBe(400);
  });
});
