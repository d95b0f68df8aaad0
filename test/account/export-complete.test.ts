import { describe, expect, it } from "vitest";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as createKey } from "@/app/api/api-keys/route";
import { createAgent } from "@/lib/agents/create-agent";
import { encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { validAgent } from "@/test/agents/fixtures";
import { readSchema } from "@/test/db/prisma-schema";
import { call } from "@/test/http";
import { credit } from "@/test/meetings/fixtures";
import { createUser } from "@/test/users";

// Issue 31.4 / docs/security.md "Secrets and streams": "Export my data" promises everything Cohost
// keeps about the person. Every table that belongs to a user (reached from User through the foreign
// keys of schema.prisma) is either found in the export — where, below — or listed as left out with
// the reason. A new table fails this test until it is one or the other.

type Export = Record<string, any>;
const rows = (list: unknown[] | undefined | null) => (list ?? []).filter((x) => x !== null && x !== undefined);

/** Where each user-owned table's rows are in the export. */
const EXPORTED: Record<string, (e: Export) => unknown[]> = {
  User: (e) => [e.profile],
  Account: (e) => e.profile.signInWith.filter((p: string) => p !== "password"),
  Agent: (e) => e.agents,
  AgentMcpServer: (e) => e.agents.flatMap((a: Export) => a.mcpServers),
  ModelRetirementNotice: (e) => e.agents.flatMap((a: Export) => a.retirementNotices),
  AgentKeyCheck: (e) => e.agents.flatMap((a: Export) => a.keyChecks),
  Meeting: (e) => e.meetings,
  MeetingEvent: (e) => e.meetings.flatMap((m: Export) => m.events),
  TranscriptSegment: (e) => e.meetings.flatMap((m: Export) => m.segments),
  MeetingParticipant: (e) => e.meetings.flatMap((m: Export) => m.participants),
  MeetingProviderUsage: (e) => e.meetings.flatMap((m: Export) => m.providerUsage),
  MeetingTurn: (e) => e.meetings.flatMap((m: Export) => m.turns),
  MeetingNote: (e) => e.meetings.flatMap((m: Export) => m.notes),
  MeetingSummary: (e) => rows(e.meetings.map((m: Export) => m.summary)),
  Recording: (e) => rows(e.meetings.map((m: Export) => m.recording)),
  Calendar: (e) => e.calendars,
  CalendarEvent: (e) => e.calendarEvents,
  CalendarEventSource: (e) => e.calendars.flatMap((c: Export) => c.sources),
  CalendarConnection: (e) => e.calendars.flatMap((c: Export) => (c.connection ? [c.connection] : [])),
  CreditAccount: (e) => rows([e.credit]),
  LedgerEntry: (e) => e.ledger,
  TopUp: (e) => e.topUps,
  Feedback: (e) => e.feedback,
  Room: (e) => e.rooms,
  RoomParticipant: (e) => e.rooms.flatMap((r: Export) => r.participants),
  ApiKey: (e) => e.apiKeys,
  ApiEvent: (e) => e.apiEvents,
  WebhookEndpoint: (e) => e.webhooks,
  WebhookDelivery: (e) => e.webhooks.flatMap((w: Export) => w.deliveries),
  WebhookAttempt: (e) => e.webhooks.flatMap((w: Export) => w.deliveries.flatMap((d: Export) => d.tries)),
  DeviceSession: (e) => e.devices,
};

/** Tables of a user that are deliberately not exported, and why. */
const LEFT_OUT: Record<string, string> = {
  Session: "a sign-in session's token is a secret; sessions end when they expire or the user signs out",
  RefreshToken: "hashes of app sign-in tokens: secrets, and nothing about the person",
  EmailToken: "hashes of one-time e-mail links (verify, reset, change): secrets, valid for hours",
  RoomSignal: "WebRTC connection set-up (offers, ICE candidates) between room participants, read once and deleted with the room",
  RoomChatMessage: "Lines typed in a test room's chat, seen by the people in that room; the agent's meetings keep them as transcript lines (exported with the meeting); deleted with the room",
};

/** Models reached from User through a foreign key held by the model (it belongs to a user). */
function userOwnedModels(): string[] {
  const schema = readSchema();
  const owned = new Set(["User"]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of schema.models) {
      if (owned.has(m.name)) continue;
      if (m.fields.some((f) => f.relation && owned.has(f.type) && /fields:/.test(f.attributes))) {
        owned.add(m.name);
        grew = true;
      }
    }
  }
  return [...owned].sort();
}

/** One row of every user-owned table for `userId`; the secrets it stores, to look for in the export. */
async function fillAccount(userId: string) {
  const agent = await createAgent(userId, validAgent({ name: "Exported agent" }));
  await db.account.create({ data: { userId, type: "oauth", provider: "google", providerAccountId: `g-${userId}`, access_token: "ya29.google-access-token", refresh_token: "1//google-refresh" } });
  await db.agentMcpServer.create({ data: { agentId: agent.id, name: "CRM", url: "https://crm.example.com/mcp", tokenEnc: encryptSecret("mcp-bearer-secret"), tokenHint: "mcp-…cret", headersEnc: encryptSecret(JSON.stringify({ "x-api-key": "mcp-header-secret" })), headerNames: ["x-api-key"] } });
  await db.modelRetirementNotice.create({ data: { agentId: agent.id, kind: "ai", model: "gpt-old", retiresOn: "2027-01-01" } });
  await db.agentKeyCheck.create({ data: { agentId: agent.id, kind: "stt", providerId: "deepgram", status: "valid" } });
  await db.agent.update({ where: { id: agent.id }, data: { calendarTokenHash: `hash-${agent.id}`, calendarTokenEnc: encryptSecret("agent-feed-token") } });
  await db.user.update({ where: { id: userId }, data: { calendarFeedTokenHash: `hash-${userId}`, calendarFeedTokenEnc: encryptSecret("user-feed-token") } });
  const meeting = await db.meeting.create({ data: { userId, agentId: agent.id, title: "Board", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date(), status: "completed" } });
  const m = { meetingId: meeting.id };
  await db.meetingEvent.create({ data: { ...m, toStatus: "completed" } });
  await db.transcriptSegment.create({ data: { ...m, speaker: "Ada", text: "Ship it", startMs: 0, endMs: 500 } });
  await db.meetingParticipant.create({ data: { ...m, externalId: "p1", name: "Ada" } });
  await db.meetingProviderUsage.create({ data: { ...m, kind: "ai", providerId: "openai", model: "gpt-4o-mini", inputTokens: 10 } });
  await db.meetingTurn.create({ data: { ...m, turnId: 1, voiceToVoiceMs: 900 } });
  await db.meetingNote.create({ data: { ...m, kind: "action_item", text: "Send the deck", owner: "Ada" } });
  await db.meetingSummary.create({ data: { ...m, status: "done", summary: "We shipped.", decisions: ["Ship on Friday"] } });
  await db.recording.create({ data: { ...m, userId, status: "ready", parts: [{ startMs: 0, durationMs: 60_000, bytes: 240_000, durationAt: 81, unitNs: 1_000_000, sealed: true }] } });
  const calendar = await db.calendar.create({ data: { userId, agentId: agent.id, name: "Work", source: "subscription", sourceUrl: "https://calendar.google.com/calendar/ical/ada/private-s3cr3tpath/basic.ics" } });
  const event = await db.calendarEvent.create({ data: { userId, agentId: agent.id, uid: "u1", startsAt: new Date(), meetingUrl: "https://zoom.us/j/2", platform: "zoom" } });
  await db.calendarEventSource.create({ data: { calendarId: calendar.id, uid: "u1", eventId: event.id, startsAt: event.startsAt } });
  await credit(userId, 5);
  await db.topUp.create({ data: { userId, amountMicros: 5_000_000n, method: "test_checkout", status: "completed" } });
  await db.feedback.create({ data: { userId, message: "Nice" } });
  const room = await db.room.create({ data: { id: `room-${userId}`, userId, expiresAt: new Date(Date.now() + 3_600_000) } });
  const [a, b] = await Promise.all(["Ada", "Bob"].map((name) => db.roomParticipant.create({ data: { roomId: room.id, name, keyHash: `room-key-hash-${name}` } })));
  await db.roomSignal.create({ data: { roomId: room.id, fromId: a.id, toId: b.id, payload: { sdp: "v=0" } } });
  await db.apiEvent.create({ data: { id: `evt-${userId}`, userId, type: "meeting.ended", meetingId: meeting.id, data: {} } });
  const endpoint = await db.webhookEndpoint.create({ data: { userId, url: "https://hooks.example.com/in", events: ["meeting.ended"], secretEnc: encryptSecret("whsec_signing-secret") } });
  const delivery = await db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: `evt-${userId}`, status: "succeeded", attempts: 1 } });
  await db.webhookAttempt.create({ data: { deliveryId: delivery.id, attempt: 1, statusCode: 200, latencyMs: 12 } });
  await db.deviceSession.create({ data: { userId, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" } });
  await db.calendarConnection.create({
    data: { userId, calendarId: calendar.id, provider: "google", accountEmail: "ada@example.com", accessTokenEnc: "calendar-access-token-enc", refreshTokenEnc: "calendar-refresh-token-enc", accessTokenExpiresAt: new Date(), syncState: "calendar-sync-token", channelSecretHash: "calendar-channel-secret-hash" },
  });
  return ["calendar-access-token-enc", "calendar-refresh-token-enc", "calendar-sync-token", "calendar-channel-secret-hash", "mcp-bearer-secret", "mcp-header-secret", "agent-feed-token", "user-feed-token", "whsec_signing-secret", "ya29.google-access-token", "1//google-refresh", "room-key-hash"];
}

describe("export my data", () => {
  it("names, for every table that belongs to a user, where it is exported or why it is left out", () => {
    const owned = userOwnedModels();
    expect(owned.length).toBeGreaterThan(20);
    const accounted = [...Object.keys(EXPORTED), ...Object.keys(LEFT_OUT)].sort();
    expect(accounted, "each user-owned table is exported (EXPORTED) or left out with a reason (LEFT_OUT)").toEqual(owned);
    for (const [model, reason] of Object.entries(LEFT_OUT)) expect(reason.length, model).toBeGreaterThan(20);
    for (const model of Object.keys(EXPORTED)) expect(LEFT_OUT[model], model).toBeUndefined();
  });

  it("carries a row of each exported table, and no secret; an API key's copy masks a subscribed calendar's address", async () => {
    const { user, headers } = await createUser();
    const secrets = await fillAccount(user.id);
    const other = await createUser();
    await fillAccount(other.user.id);
    const read = await call(createKey, { headers, body: { name: "Reader", scope: "read" } });
    expect(read.status).toBe(201);

    const session = await call(exportData, { headers });
    expect(session.status).toBe(200);
    for (const [model, select] of Object.entries(EXPORTED)) expect(select(session.body).length, `${model} in the export`).toBeGreaterThan(0);
    // Only this user's rows: one agent, meeting, calendar of the two users'.
    expect([session.body.agents.length, session.body.meetings.length, session.body.calendars.length, session.body.webhooks.length]).toEqual([1, 1, 1, 1]);
    expect(session.body.meetings[0].summary).toMatchObject({ status: "done", summary: "We shipped.", decisions: ["Ship on Friday"] });
    expect(session.body.meetings[0].notes[0]).toMatchObject({ kind: "action_item", text: "Send the deck", owner: "Ada" });
    expect(session.body.agents[0].mcpServers[0]).toMatchObject({ name: "CRM", url: "https://crm.example.com/mcp", tokenStored: true, tokenHint: "mcp-…cret", headerNames: ["x-api-key"] });
    expect(session.body.apiKeys).toEqual([expect.objectContaining({ name: "Reader", scope: "read", prefix: expect.any(String), createdAt: expect.any(String), revokedAt: null })]);
    expect(session.body.webhooks[0]).toMatchObject({ url: "https://hooks.example.com/in", deliveries: [{ status: "succeeded", eventType: "meeting.ended", tries: [{ statusCode: 200 }] }] });
    // The person signed in gets their calendar's address back.
    expect(session.body.calendars[0].sourceUrl).toMatch(/private-s3cr3tpath/);

    const byKey = await call(exportData, { headers: { authorization: `Bearer ${read.body.key}` } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.calendars[0]).toMatchObject({ urlHint: "https://calendar.google.com/…" });
    const text = JSON.stringify(byKey.body);
    for (const secret of [...secrets, "s3cr3tpath", read.body.key, other.user.email]) expect(text, secret).not.toContain(secret);
    // No stored secret column at all: nothing encrypted (…Enc) or hashed (…Hash, keyHash) leaves.
    expect(text).not.toMatch(/"\w*(Enc|TokenHash|keyHash|passwordHash)"\s*:/);
    expect(JSON.stringify(session.body)).not.toMatch(/"\w*(Enc|TokenHash|keyHash|passwordHash)"\s*:/);
  });
});
