import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as checklist } from "@/app/api/me/checklist/route";
import { POST as dismiss } from "@/app/api/me/checklist/dismiss/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { validAgent } from "@/test/agents/fixtures";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
beforeAll(async () => {
  fake = await startFakeProviders();
  Object.assign(process.env, fake.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(() => fake.close());

const done = async (headers: Record<string, string>) => {
  const res = await call(checklist, { headers });
  expect(res.status).toBe(200);
  return { visible: res.body.visible as boolean, done: (res.body.steps as { id: string; done: boolean }[]).filter((s) => s.done).map((s) => s.id) };
};

describe("first-run checklist", () => {
  it("ticks each step from the account's real data, in order keys → Test key → test room → top up → calendar", async () => {
    const { user, headers } = await createUser();
    expect(await done(headers)).toEqual({ visible: true, done: [] });

    // An agent without keys is not the keys step; with all three it is.
    await db.agent.create({ data: { userId: user.id, name: "No keys", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
    expect((await done(headers)).done).toEqual([]);
    const agent = await createAgent(user.id, validAgent());
    expect((await done(headers)).done).toEqual(["keys"]);

    // A rejected key does not count; a working one does.
    expect((await call(verify, { params: { kind: "ai", providerId: "openai" }, body: { apiKey: "wrong-key-000000" }, headers })).body.status).toBe("invalid");
    expect((await done(headers)).done).toEqual(["keys"]);
    expect((await call(verify, { params: { kind: "ai", providerId: "openai" }, body: { apiKey: fake.validKey }, headers })).body.status).toBe("valid");
    expect((await done(headers)).done).toEqual(["keys", "keyTested"]);

    // A test-room meeting counts once the agent was admitted, not when it only was asked to join.
    const room = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "http://localhost/rooms/x", platform: "room", scheduledStart: new Date(), status: "failed" } });
    expect((await done(headers)).done).toEqual(["keys", "keyTested"]);
    await db.meeting.update({ where: { id: room.id }, data: { startedAt: new Date(), status: "completed" } });
    expect((await done(headers)).done).toEqual(["keys", "keyTested", "testRoom"]);

    await db.topUp.create({ data: { userId: user.id, amountMicros: 5_000_000n, method: "test_checkout", status: "pending" } });
    expect((await done(headers)).done).not.toContain("topUp");
    await db.topUp.create({ data: { userId: user.id, amountMicros: 5_000_000n, method: "test_checkout", status: "completed" } });
    expect((await done(headers)).done).toContain("topUp");

    // Just synced, so the shared database's scheduled-sync tests never find it due.
    await db.calendar.create({ data: { userId: user.id, agentId: agent.id, name: "Work", source: "upload", lastAttemptAt: new Date() } });
    expect(await done(headers)).toEqual({ visible: false, done: ["keys", "keyTested", "topUp", "testRoom", "calendar"] });
  });

  it("hidden for good once dismissed; another user's data never ticks a step", async () => {
    const { headers } = await createUser();
    const { user: other } = await createUser();
    await createAgent(other.id, validAgent());
    expect((await done(headers)).done).toEqual([]);
    expect((await call(dismiss, { method: "POST", headers })).status).toBe(204);
    expect((await done(headers)).visible).toBe(false);
    expect((await call(dismiss, { method: "POST", headers })).status).toBe(204);
  });
});
