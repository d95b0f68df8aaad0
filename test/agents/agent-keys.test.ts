import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/agents/route";
import { GET as getRoute, PUT as updateRoute } from "@/app/api/agents/[id]/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as startRoute } from "@/app/api/meetings/[id]/start/route";
import { POST as verifyRoute } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { db } from "@/lib/db/client";
import { startVoiceFakes, type VoiceFakes } from "@/test/fakes/voice/server";
import { call } from "../http.ts";
import { credit, MEET_URL } from "../meetings/fixtures.ts";
import { createUser } from "../users.ts";
import { validAgent } from "./fixtures.ts";

// docs/providers.md "Keys an agent needs": an agent may be saved without keys (a draft), but then it
// "Needs keys" and is not sent to meetings; a stored key a provider refused (at Test key or in a
// meeting) is named on the agent until a later check or a new key says otherwise.

let fakes: VoiceFakes;
type H = Record<string, string>;
const create = (headers: H, body: unknown) => call(createRoute, { headers, body });
const update = (headers: H, id: string, body: unknown) => call(updateRoute, { method: "PUT", headers, params: { id }, body });
const get = (headers: H, id: string) => call(getRoute, { headers, params: { id } });
const join = (headers: H, agentId: string) => call(joinRoute, { headers, body: { agentId, meetingUrl: MEET_URL }, path: "/api/meetings/join" });
const verifyStored = (headers: H, kind: string, providerId: string, agentId: string) => call(verifyRoute, { headers, params: { kind, providerId }, body: { agentId } });
const keyless = { sttApiKey: undefined, aiApiKey: undefined, ttsApiKey: undefined };

beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(() => fakes.close());

describe("agents without the keys their providers need", () => {
  it("are saved (a draft) but need keys, and are refused for meetings with a message naming the missing ones", async () => {
    const { headers, user } = await createUser();
    await credit(user.id, 5);
    const draft = await create(headers, validAgent(keyless));
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: "active", missingKeys: ["stt", "ai", "tts"], keyProblems: [] });

    const refused = await join(headers, draft.body.id);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: "conflict", message: "Add the API keys for Deepgram speech-to-text, OpenAI AI and ElevenLabs text-to-speech before sending this agent to a meeting." },
    });
    expect(await db.meeting.count({ where: { userId: user.id } })).toBe(0);

    // Two keys added: the message names the one still missing.
    await update(headers, draft.body.id, { sttApiKey: "dg-key-0123456789", ttsApiKey: "el-key-0123456789" });
    expect((await join(headers, draft.body.id)).body.message).toBe("Add the API key for OpenAI AI before sending this agent to a meeting.");
    const complete = await update(headers, draft.body.id, { aiApiKey: "sk-key-0123456789" });
    expect(complete.body.missingKeys).toEqual([]);
    expect((await join(headers, draft.body.id)).status).toBe(201);
  });

  it("a server of the user's own needs no key; a meeting scheduled before a key was removed cannot be started", async () => {
    const { headers, user } = await createUser();
    await credit(user.id, 5);
    const own = await create(headers, validAgent({ aiProviderId: "openai-compatible", aiApiKey: undefined, aiExtraParams: { baseUrl: "https://llm.example.com/v1", model: "llama" } }));
    expect(own.body.missingKeys).toEqual([]);

    const scheduled = await call(joinRoute, { headers, path: "/api/meetings/join", body: { agentId: own.body.id, meetingUrl: MEET_URL, startAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(scheduled.status).toBe(201);
    await update(headers, own.body.id, { sttApiKey: "" });
    const start = await call(startRoute, { method: "POST", headers, params: { id: scheduled.body.id } });
    expect(start).toMatchObject({ status: 409, body: { message: "Add the API key for Deepgram speech-to-text before sending this agent to a meeting." } });
    const list = await call(listRoute, { headers });
    expect(list.body[0].missingKeys).toEqual(["stt"]);
  });
});

describe("stored keys a provider refused", () => {
  it("a Test key of the stored key that fails is named on the agent until a check passes or the key changes", async () => {
    const { headers } = await createUser();
    const agent = (await create(headers, validAgent({ sttApiKey: "wrong-key-0000000", aiApiKey: fakes.validKey }))).body;
    expect((await verifyStored(headers, "stt", "deepgram", agent.id)).body.status).toBe("invalid");
    expect((await verifyStored(headers, "ai", "openai", agent.id)).body.status).toBe("valid");
    const after = (await get(headers, agent.id)).body;
    expect(after.keyProblems).toEqual([{ kind: "stt", providerId: "deepgram", source: "test", at: expect.any(String), meetingId: null }]);
    expect((await call(listRoute, { headers })).body[0].keyProblems).toHaveLength(1);

    // A new key is unknown again: the old refusal no longer shows.
    const saved = await update(headers, agent.id, { sttApiKey: fakes.validKey });
    expect(saved.body.keyProblems).toEqual([]);
    expect((await verifyStored(headers, "stt", "deepgram", agent.id)).body.status).toBe("valid");
    expect((await get(headers, agent.id)).body.keyProblems).toEqual([]);
  });

  it("a meeting that failed on a refused key is named, newer than the last check; a later valid Test key clears it", async () => {
    const { headers, user } = await createUser();
    await credit(user.id, 5);
    const agent = (await create(headers, validAgent({ ttsApiKey: fakes.validKey }))).body;
    const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, title: "Sync", meetingUrl: MEET_URL, platform: "meet", scheduledStart: new Date(), status: "failed", statusReason: "provider_error" } });
    const failure = { kind: "tts", provider: "elevenlabs", error: "invalid_key", message: "ElevenLabs text-to-speech rejected the API key (401)" };
    await db.meetingEvent.create({ data: { meetingId: meeting.id, toStatus: "failed", reason: "provider_error", data: failure } });
    // A transient failure of another step is not a key problem.
    await db.meetingEvent.create({ data: { meetingId: meeting.id, toStatus: "failed", reason: "provider_error", data: { ...failure, kind: "ai", provider: "openai", error: "transient" } } });
    expect((await get(headers, agent.id)).body.keyProblems).toEqual([{ kind: "tts", providerId: "elevenlabs", source: "meeting", at: expect.any(String), meetingId: meeting.id }]);

    expect((await verifyStored(headers, "tts", "elevenlabs", agent.id)).body.status).toBe("valid");
    expect((await get(headers, agent.id)).body.keyProblems).toEqual([]);

    // Another user's agents never show this user's meetings.
    const stranger = await createUser();
    const theirs = (await create(stranger.headers, validAgent())).body;
    expect((await get(stranger.headers, theirs.id)).body.keyProblems).toEqual([]);
    expect((await verifyStored(stranger.headers, "tts", "elevenlabs", agent.id)).status).toBe(404);
  });
});

describe("stored keys no Test key has passed (issue 31)", () => {
  const verifyTyped = (headers: H, kind: string, providerId: string, apiKey: string) => call(verifyRoute, { headers, params: { kind, providerId }, body: { apiKey } });

  it("are named until a Test key of the stored key passes; a typed key that passed before saving counts as tested", async () => {
    const { headers } = await createUser();
    const agent = (await create(headers, validAgent({ sttApiKey: fakes.validKey, aiApiKey: fakes.validKey, ttsApiKey: fakes.validKey }))).body;
    expect(agent.untestedKeys).toEqual(["stt", "ai", "tts"]);
    expect((await verifyStored(headers, "ai", "openai", agent.id)).body.status).toBe("valid");
    expect((await get(headers, agent.id)).body.untestedKeys).toEqual(["stt", "tts"]);
    // A stored key that fails its test is refused, not "untested".
    await update(headers, agent.id, { sttApiKey: "wrong-key-0000000" });
    expect((await verifyStored(headers, "stt", "deepgram", agent.id)).body.status).toBe("invalid");
    expect((await get(headers, agent.id)).body).toMatchObject({ untestedKeys: ["tts"], keyProblems: [{ kind: "stt" }] });

    // The form tests the typed key, then saves it with the check's proof: tested at once.
    const checked = await verifyTyped(headers, "tts", "elevenlabs", fakes.validKey);
    expect(checked.body).toMatchObject({ status: "valid", proof: expect.any(String) });
    const saved = await update(headers, agent.id, { ttsApiKey: fakes.validKey, keyProofs: { tts: checked.body.proof } });
    expect(saved.body.untestedKeys).toEqual([]);
    // A new key saved after: untested again.
    expect((await update(headers, agent.id, { aiApiKey: "sk-another-0123456789" })).body.untestedKeys).toEqual(["ai"]);
  });

  it("a proof holds only for the key, provider and user it was given for", async () => {
    const { headers } = await createUser();
    const proof = (await verifyTyped(headers, "ai", "openai", fakes.validKey)).body.proof as string;
    const other = await create(headers, validAgent({ aiApiKey: "sk-another-0123456789", keyProofs: { ai: proof } }));
    expect(other.body.untestedKeys).toContain("ai");
    const asTts = await create(headers, validAgent({ ttsApiKey: fakes.validKey, keyProofs: { tts: proof } }));
    expect(asTts.body.untestedKeys).toContain("tts");
    const stranger = await createUser();
    expect((await create(stranger.headers, validAgent({ aiApiKey: fakes.validKey, keyProofs: { ai: proof } }))).body.untestedKeys).toContain("ai");
    expect((await create(headers, validAgent({ aiApiKey: fakes.validKey, keyProofs: { ai: proof } }))).body.untestedKeys).not.toContain("ai");
    // A refused key gets no proof.
    expect((await verifyTyped(headers, "ai", "openai", "wrong-key-0000000")).body.proof).toBeUndefined();
  });
});
