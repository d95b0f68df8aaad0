import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as list, POST as create } from "@/app/api/agents/route";
import { DELETE as remove, GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { PATCH as setStatus } from "@/app/api/agents/[id]/status/route";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { AI_KEY, STT_KEY, TTS_KEY, ZOOM_SECRET, validAgent } from "./fixtures";

type Status = "scheduled" | "joining" | "waiting_room" | "in_progress" | "completed" | "cancelled" | "failed";
const meeting = (userId: string, agentId: string, status: Status, startsInHours = 24, title = "Sync") =>
  db.meeting.create({
    data: { userId, agentId, title, meetingUrl: `https://zoom.us/j/${randomUUID()}`, platform: "zoom", status, scheduledStart: new Date(Date.now() + startsInHours * 3600_000) },
  });

describe("POST /api/agents", () => {
  it("creates an active agent with defaults, keys encrypted at rest, e-mails lower-cased and de-duplicated", async () => {
    const { user, headers } = await createUser();
    const res = await call(create, { body: validAgent({ zoomAppKey: "zoom-key", zoomAppSecret: ZOOM_SECRET }), headers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      status: "active",
      name: "Meeting helper",
      language: "en",
      manualActivation: false,
      transcript: true,
      requireConfirmation: false,
      accessControlEnabled: false,
      sttHasKey: true,
      sttKeyHint: "dg-…1111",
      aiHasKey: true,
      aiKeyHint: "sk-…2222",
      ttsHasKey: true,
      zoomAppKey: "zoom-key",
      zoomHasSecret: true,
      zoomSecretHint: "…4444",
      whitelistedEmails: ["boss@example.com", "team@example.com"],
      sttExtraParams: { endpointing: 400 },
      ttsExtraParams: {},
      nextMeeting: null,
      openMeetings: 0,
    });
    const stored = await db.agent.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.userId).toBe(user.id);
    expect(stored.sttApiKeyEnc).toMatch(/^v1:/);
    expect(stored.sttApiKeyEnc).not.toContain(STT_KEY);
    expect(decryptSecret(stored.sttApiKeyEnc!)).toBe(STT_KEY);
    expect(decryptSecret(stored.aiApiKeyEnc!)).toBe(AI_KEY);
    expect(decryptSecret(stored.ttsApiKeyEnc!)).toBe(TTS_KEY);
    expect(decryptSecret(stored.zoomAppSecretEnc!)).toBe(ZOOM_SECRET);
  });

  it("needs no wake word with manual activation, and no keys at all", async () => {
    const { headers } = await createUser();
    const res = await call(create, { body: validAgent({ wakeWord: "", manualActivation: true, sttApiKey: undefined, aiApiKey: "", ttsApiKey: undefined }), headers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ wakeWord: null, manualActivation: true, sttHasKey: false, sttKeyHint: null, aiHasKey: false, ttsHasKey: false });
  });

  it("rejects each invalid field with its own message and saves nothing", async () => {
    const { user, headers } = await createUser();
    const inactive = `retired-${randomUUID().slice(0, 8)}`;
    await db.provider.create({ data: { kind: "ai", id: inactive, name: "Retired", isActive: false, docsUrl: "https://example.com" } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [{ name: "   " }, "name", "Name is required"],
      [{ name: undefined }, "name", "Name is required"],
      [{ name: "x".repeat(81) }, "name", "Name must be at most 80 characters"],
      [{ description: "x".repeat(4001) }, "description", "Description must be at most 4000 characters"],
      [{ language: "xx" }, "language", "Choose a supported language"],
      [{ wakeWord: "" }, "wakeWord", "Wake word is required unless manual activation is on"],
      [{ wakeWord: "x".repeat(51) }, "wakeWord", "Wake word must be at most 50 characters"],
      [{ manualActivation: "yes" }, "manualActivation", "manualActivation must be true or false"],
      [{ sttProviderId: undefined }, "sttProviderId", "Choose a speech-to-text provider"],
      [{ sttProviderId: "nope" }, "sttProviderId", "Choose an active speech-to-text provider"],
      [{ aiProviderId: "elevenlabs" }, "aiProviderId", "Choose an active AI provider"],
      [{ aiProviderId: inactive }, "aiProviderId", "Choose an active AI provider"],
      [{ ttsProviderId: "anthropic" }, "ttsProviderId", "Choose an active text-to-speech provider"],
      [{ sttExtraParams: [1, 2] }, "sttExtraParams", "Extra parameters must be a JSON object"],
      [{ sttExtraParams: "{}" }, "sttExtraParams", "Extra parameters must be a JSON object"],
      [{ sttExtraParams: { endpointing: "fast" } }, "sttExtraParams.endpointing", '"endpointing" must be a number'],
      [{ aiExtraParams: { temperature: 5 } }, "aiExtraParams.temperature", '"temperature" must be between 0 and 2'],
      [{ ttsExtraParams: { colour: "blue" } }, "ttsExtraParams.colour", 'Unknown parameter "colour"'],
      [{ ttsExtraParams: { outputFormat: "wav" } }, "ttsExtraParams.outputFormat", '"outputFormat" must be one of pcm_16000, pcm_22050, pcm_24000, pcm_44100'],
      [{ aiProviderId: "openai-compatible", aiExtraParams: { model: "llama" } }, "aiExtraParams.baseUrl", '"baseUrl" is required'],
      [{ aiProviderId: "openai-compatible", aiExtraParams: { baseUrl: "https://llm.example.com/v1" } }, "aiExtraParams.model", '"model" is required'],
      [{ aiProviderId: "openai-compatible", aiExtraParams: { baseUrl: "ftp://llm.example.com", model: "m" } }, "aiExtraParams.baseUrl", '"baseUrl" must be an http(s) URL'],
      [{ ttsProviderId: "openai-compatible", ttsExtraParams: { baseUrl: "http://127.0.0.1:8000/v1" } }, "ttsExtraParams.baseUrl", '"baseUrl" must not point to a private network address'],
      [{ sttProviderId: "openai-compatible", sttExtraParams: { baseUrl: "http://user:pw@stt.example.com" } }, "sttExtraParams.baseUrl", '"baseUrl" must not contain credentials'],
      [{ whitelistedEmails: ["ok@example.com", "not-an-email"] }, "whitelistedEmails.1", "Invalid e-mail address: not-an-email"],
      [{ whitelistedEmails: "boss@example.com" }, "whitelistedEmails", "Whitelisted e-mails must be a list"],
      [{ meetingPlatform: "webex" }, "meetingPlatform", "Choose zoom, teams or meet"],
      [{ zoomAppKey: "key-without-secret" }, "zoomAppSecret", "Zoom app key and secret must be set together"],
      [{ zoomAppSecret: "secret-without-key" }, "zoomAppKey", "Zoom app key and secret must be set together"],
      [{ sttApiKey: "k".repeat(501) }, "sttApiKey", "Keys must be at most 500 characters"],
    ];
    for (const [over, path, message] of cases) {
      const res = await call(create, { body: validAgent(over), headers });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe("validation_error");
      expect(res.body.issues, JSON.stringify(over)).toContainEqual({ path, message });
    }
    expect((await call(create, { body: [validAgent()], headers })).body.message).toBe("The request body must be a JSON object");
    expect((await call(create, { rawBody: "{not json", headers })).status).toBe(400);
    expect(await db.agent.count({ where: { userId: user.id } })).toBe(0);
  });

  it("reports every problem at once, field by field", async () => {
    const { headers } = await createUser();
    const res = await call(create, { body: validAgent({ name: "", language: "xx", aiProviderId: "nope", ttsExtraParams: { speed: 9 } }), headers });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Name is required");
    expect(res.body.issues).toEqual([
      { path: "name", message: "Name is required" },
      { path: "language", message: "Choose a supported language" },
      { path: "aiProviderId", message: "Choose an active AI provider" },
      { path: "ttsExtraParams.speed", message: '"speed" must be between 0.7 and 1.2' },
    ]);
  });
});

describe("GET /api/agents and /api/agents/{id}", () => {
  it("lists the user's agents as a bare list with the next scheduled meeting and the open-meeting count", async () => {
    const { user, headers } = await createUser();
    const first = (await call(create, { body: validAgent({ name: "First" }), headers })).body;
    const second = (await call(create, { body: validAgent({ name: "Second" }), headers })).body;
    await meeting(user.id, first.id, "scheduled", 48, "Later");
    const soon = await meeting(user.id, first.id, "scheduled", 2, "Soon");
    await meeting(user.id, first.id, "in_progress", -1, "Running");
    await meeting(user.id, first.id, "completed", -24, "Done");
    await meeting(user.id, second.id, "cancelled", 5, "Off");

    const res = await call(list, { headers });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((a: { name: string }) => a.name)).toEqual(["First", "Second"]);
    expect(res.body[0].nextMeeting).toEqual({ id: soon.id, title: "Soon", meetingUrl: soon.meetingUrl, platform: soon.platform, scheduledStart: soon.scheduledStart.toISOString() });
    expect(res.body[0].openMeetings).toBe(3);
    expect(res.body[1]).toMatchObject({ nextMeeting: null, openMeetings: 0 });

    const one = await call(getOne, { params: { id: first.id }, headers });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, name: "First", openMeetings: 3, nextMeeting: { id: soon.id } });
    expect((await call(getOne, { params: { id: "no-such-agent" }, headers })).status).toBe(404);
  });
});

describe("PUT /api/agents/{id}", () => {
  it("changes only the fields sent; an omitted key stays, a new one replaces it, an empty one clears it", async () => {
    const { headers } = await createUser();
    const created = (await call(create, { body: validAgent({ zoomAppKey: "zk", zoomAppSecret: ZOOM_SECRET }), headers })).body;
    const params = { id: created.id };

    const renamed = await call(update, { method: "PUT", params, body: { name: "Renamed" }, headers });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed", wakeWord: "hey cohost", sttHasKey: true, sttKeyHint: "dg-…1111", aiHasKey: true, zoomHasSecret: true });

    const replaced = await call(update, { method: "PUT", params, body: { ttsApiKey: "el-new-secret-key-EEEE5555" }, headers });
    expect(replaced.body).toMatchObject({ ttsHasKey: true, ttsKeyHint: "el-…5555" });
    const stored = await db.agent.findUniqueOrThrow({ where: { id: created.id } });
    expect(decryptSecret(stored.ttsApiKeyEnc!)).toBe("el-new-secret-key-EEEE5555");

    const cleared = await call(update, { method: "PUT", params, body: { aiApiKey: "", zoomAppKey: "", zoomAppSecret: "" }, headers });
    expect(cleared.body).toMatchObject({ aiHasKey: false, aiKeyHint: null, sttHasKey: true, zoomAppKey: null, zoomHasSecret: false, zoomSecretHint: null });
    expect((await db.agent.findUniqueOrThrow({ where: { id: created.id } })).aiApiKeyEnc).toBeNull();
  });

  it("a stored key belongs to its provider: switching provider without a new key drops it", async () => {
    const { headers } = await createUser();
    const created = (await call(create, { body: validAgent(), headers })).body;
    const params = { id: created.id };
    const switched = await call(update, { method: "PUT", params, body: { sttProviderId: "assemblyai", sttExtraParams: {} }, headers });
    expect(switched.body).toMatchObject({ sttProviderId: "assemblyai", sttHasKey: false, aiHasKey: true });
    const withKey = await call(update, { method: "PUT", params, body: { aiProviderId: "groq", aiApiKey: "gsk_new-groq-key-FFFF6666" }, headers });
    expect(withKey.body).toMatchObject({ aiProviderId: "groq", aiHasKey: true, aiKeyHint: "gsk_…6666" });
  });

  it("validates the merged agent, keeps a stored Zoom secret for the pair rule, and changes nothing when invalid", async () => {
    const { headers } = await createUser();
    const created = (await call(create, { body: validAgent({ zoomAppKey: "zk", zoomAppSecret: ZOOM_SECRET, ttsExtraParams: { stability: 0.4 } }), headers })).body;
    const params = { id: created.id };
    expect((await call(update, { method: "PUT", params, body: { zoomAppKey: "another-key" }, headers })).body.zoomAppKey).toBe("another-key");

    const bad = await call(update, { method: "PUT", params, body: { name: "Changed", manualActivation: false, wakeWord: null }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "wakeWord", message: "Wake word is required unless manual activation is on" }]);
    const noSecret = await call(update, { method: "PUT", params, body: { name: "Changed", zoomAppSecret: "" }, headers });
    expect(noSecret.body.issues).toEqual([{ path: "zoomAppSecret", message: "Zoom app key and secret must be set together" }]);
    // The stored ElevenLabs params do not fit Cartesia: the switch and its new key are refused.
    const switched = await call(update, { method: "PUT", params, body: { ttsProviderId: "cartesia", ttsApiKey: "new-key-that-must-not-save" }, headers });
    expect(switched.body.issues).toEqual([{ path: "ttsExtraParams.stability", message: 'Unknown parameter "stability"' }]);

    const after = await db.agent.findUniqueOrThrow({ where: { id: created.id } });
    expect(after).toMatchObject({ name: "Meeting helper", wakeWord: "hey cohost", zoomAppKey: "another-key", ttsProviderId: "elevenlabs" });
    expect(decryptSecret(after.ttsApiKeyEnc!)).toBe(TTS_KEY);
    expect(decryptSecret(after.zoomAppSecretEnc!)).toBe(ZOOM_SECRET);
  });
});

describe("PATCH /api/agents/{id}/status", () => {
  it("pauses and resumes; anything else is 400 with the message", async () => {
    const { headers } = await createUser();
    const agent = (await call(create, { body: validAgent(), headers })).body;
    const params = { id: agent.id };
    const paused = await call(setStatus, { method: "PATCH", params, body: { status: "paused" }, headers });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: agent.id, status: "paused", name: "Meeting helper" });
    expect((await call(list, { headers })).body[0].status).toBe("paused");
    expect((await call(setStatus, { method: "PATCH", params, body: { status: "active" }, headers })).body.status).toBe("active");
    const bad = await call(setStatus, { method: "PATCH", params, body: { status: "sleeping" }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "status", message: 'Status must be "active" or "paused"' }]);
    expect((await call(setStatus, { method: "PATCH", params, body: {}, headers })).status).toBe(400);
    expect((await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("active");
  });
});

describe("DELETE /api/agents/{id}", () => {
  it("cancels the agent's scheduled and running meetings with an event each, then deletes it", async () => {
    const { user, headers } = await createUser();
    const agent = (await call(create, { body: validAgent(), headers })).body;
    const other = (await call(create, { body: validAgent({ name: "Other" }), headers })).body;
    const open = await Promise.all((["scheduled", "joining", "waiting_room", "in_progress"] as const).map((s) => meeting(user.id, agent.id, s)));
    const closed = await Promise.all((["completed", "failed", "cancelled"] as const).map((s) => meeting(user.id, agent.id, s)));
    const untouched = await meeting(user.id, other.id, "scheduled");

    const res = await call(remove, { method: "DELETE", params: { id: agent.id }, headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, cancelledMeetings: 4 });
    expect(await db.agent.findUnique({ where: { id: agent.id } })).toBeNull();
    for (const m of open) {
      const after = await db.meeting.findUniqueOrThrow({ where: { id: m.id }, include: { events: true } });
      expect(after).toMatchObject({ status: "cancelled", statusReason: "agent_deleted", agentId: null });
      expect(after.events).toEqual([expect.objectContaining({ fromStatus: m.status, toStatus: "cancelled", reason: "agent_deleted" })]);
      // Every cancelled meeting says when, also one that had not begun (docs/meetings.md).
      expect(after.endedAt).not.toBeNull();
    }
    for (const m of closed) {
      const after = await db.meeting.findUniqueOrThrow({ where: { id: m.id }, include: { events: true } });
      expect(after).toMatchObject({ status: m.status, statusReason: null, events: [] });
    }
    expect((await db.meeting.findUniqueOrThrow({ where: { id: untouched.id } })).status).toBe("scheduled");
    expect((await call(list, { headers })).body.map((a: { name: string }) => a.name)).toEqual(["Other"]);
    expect((await call(remove, { method: "DELETE", params: { id: agent.id }, headers })).status).toBe(404);
  });
});

describe("isolation and authentication", () => {
  it("another user's agent is 404 on every route, and nothing changes", async () => {
    const owner = await createUser();
    const other = await createUser();
    const agent = (await call(create, { body: validAgent(), headers: owner.headers })).body;
    const scheduled = await meeting(owner.user.id, agent.id, "scheduled");
    const params = { id: agent.id };
    const h = other.headers;
    for (const res of [
      await call(getOne, { params, headers: h }),
      await call(update, { method: "PUT", params, body: { name: "Stolen" }, headers: h }),
      await call(setStatus, { method: "PATCH", params, body: { status: "paused" }, headers: h }),
      await call(remove, { method: "DELETE", params, headers: h }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "Agent not found" });
    }
    expect((await call(list, { headers: h })).body).toEqual([]);
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ name: "Meeting helper", status: "active" });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: scheduled.id } })).status).toBe("scheduled");
  });

  it("every route needs a signed-in user", async () => {
    const params = { id: "any" };
    for (const res of [
      await call(list),
      await call(create, { body: validAgent() }),
      await call(getOne, { params }),
      await call(update, { method: "PUT", params, body: {} }),
      await call(setStatus, { method: "PATCH", params, body: { status: "paused" } }),
      await call(remove, { method: "DELETE", params }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
  });
});
