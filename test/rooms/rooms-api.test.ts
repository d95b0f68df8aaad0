import { afterEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[id]/participants/route";
import { GET as eventsRoute } from "@/app/api/rooms/[id]/participants/[participantId]/events/route";
import { POST as signalRoute } from "@/app/api/rooms/[id]/participants/[participantId]/signals/route";
import { POST as leaveRoute } from "@/app/api/rooms/[id]/participants/[participantId]/leave/route";
import { createAgent } from "@/lib/agents/create-agent";
import { issueAccessToken } from "@/lib/auth/access-token";
import { sha256 } from "@/lib/crypto/random-token";
import { db } from "@/lib/db/client";
import { ROOM_LIMITS } from "@/lib/rooms/limits";
import { notifyRoom } from "@/lib/rooms/room-events";
import { validAgent } from "../agents/fixtures.ts";
import { call } from "../http";
import { createUser } from "../users";
import { SseReader, type SseEvent } from "./sse";

const open: SseReader[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.cancel()));
});

async function newRoom() {
  const { user, headers } = await createUser();
  const res = await call(createRoute, { method: "POST", headers });
  expect(res.status).toBe(201);
  return { user, room: res.body as { id: string; url: string } };
}

async function join(roomId: string, name: string) {
  const res = await call(joinRoute, { body: { name }, params: { id: roomId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { participant: { id: string; name: string }; key: string; iceServers: unknown[] };
}

async function events(roomId: string, participantId: string, key: string, lastEventId?: string, opts: { headers?: Record<string, string>; query?: string } = {}) {
  const request = new Request(`http://localhost:3000/api/rooms/${roomId}/participants/${participantId}/events?key=${encodeURIComponent(key)}${opts.query ?? ""}`, {
    headers: { ...(lastEventId ? { "last-event-id": lastEventId } : {}), ...opts.headers },
  });
  const response = await eventsRoute(request, { params: Promise.resolve({ id: roomId, participantId }) });
  if (response.status !== 200) return { status: response.status, body: await response.json(), reader: null };
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = new SseReader(response.body!);
  open.push(reader);
  return { status: 200, body: null, reader };
}

function signal(roomId: string, from: string, body: unknown) {
  return call(signalRoute, { body, params: { id: roomId, participantId: from } });
}

const rosterNames = (e: SseEvent) => (e.data as { name: string }[]).map((p) => p.name);

describe("POST /api/rooms", () => {
  it("needs a signed-in user", async () => {
    const res = await call(createRoute, { method: "POST" });
    expect(res.status).toBe(401);
  });

  it("creates an unguessable room link owned by the user", async () => {
    const { user, room } = await newRoom();
    expect(room.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(room.url).toBe(`http://localhost:3000/rooms/${room.id}`);
    const row = await db.room.findUniqueOrThrow({ where: { id: room.id } });
    expect(row.userId).toBe(user.id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(ROOM_LIMITS.ttlMs);
    const other = await newRoom();
    expect(other.room.id).not.toBe(room.id);
  });

  it("takes no fields", async () => {
    const { user, headers } = await createUser();
    for (const body of [{ name: "x" }, [], "text", 42]) {
      const res = await call(createRoute, { body, headers });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This request takes no fields");
    }
    expect((await call(createRoute, { rawBody: "{nope", headers })).status).toBe(400);
    expect(await db.room.count({ where: { userId: user.id } })).toBe(0);
    expect((await call(createRoute, { body: {}, headers })).status).toBe(201);
  });
});

describe("joining a room", () => {
  it("refuses unknown, malformed and expired rooms", async () => {
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-room"]) {
      const res = await call(joinRoute, { body: { name: "Ada" }, params: { id } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "This room does not exist" });
    }
    // An id no route could name is refused at the edge, before the room is looked up (lib/validation/ids.ts).
    const junk = await call(joinRoute, { body: { name: "Ada" }, params: { id: "x".repeat(500) } });
    expect(junk).toMatchObject({ status: 404, body: { error: "not_found" } });
    const { room } = await newRoom();
    await db.room.update({ where: { id: room.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call(joinRoute, { body: { name: "Ada" }, params: { id: room.id } });
    expect(res.status).toBe(404);
  });

  it("needs a name of at most 60 characters", async () => {
    const { room } = await newRoom();
    for (const [body, message] of [
      [{}, "Enter your name"],
      [{ name: "   " }, "Enter your name"],
      [{ name: 42 }, "Enter your name"],
      [{ name: "x".repeat(61) }, "Your name must be at most 60 characters"],
      [{ name: "Ada\u0007" }, "Your name cannot contain control characters"],
      // NUL and lone surrogates never reach the schema: every JSON body refuses them (lib/validation/parse.ts).
      [{ name: "Ada\u0000" }, "The request body contains invalid characters"],
      [{ name: "Ada\ud800" }, "The request body contains invalid characters"],
    ] as const) {
      const res = await call(joinRoute, { body, params: { id: room.id } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db.roomParticipant.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("answers a participant, a key stored only as its hash, and no ICE servers by default", async () => {
    const { room } = await newRoom();
    const joined = await join(room.id, "  Grace Hopper ");
    expect(joined.participant.name).toBe("Grace Hopper");
    expect(joined.iceServers).toEqual([]);
    const row = await db.roomParticipant.findUniqueOrThrow({ where: { id: joined.participant.id } });
    expect(row.keyHash).toBe(sha256(joined.key));
    expect(JSON.stringify(row)).not.toContain(joined.key);
  });

  it("holds at most 8 people", async () => {
    const { room } = await newRoom();
    await Promise.all(Array.from({ length: ROOM_LIMITS.maxParticipants }, (_, i) => join(room.id, `P${i}`)));
    const res = await call(joinRoute, { body: { name: "One too many" }, params: { id: room.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This room is full (at most 8 people)");
  });
});

describe("the event stream", () => {
  it("refuses a wrong key or participant", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    for (const [pid, key] of [
      [a.participant.id, "wrong"],
      [a.participant.id, ""],
      ["someone-else", a.key],
    ]) {
      const res = await events(room.id, pid, key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: "You are not in this room" });
    }
  });

  it("shows who is in the room, passes signals, and tells the others when someone leaves", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    const sa = (await events(room.id, a.participant.id, a.key)).reader!;
    expect((await sa.next()).event).toBe("self");
    expect(rosterNames(await sa.next((e) => e.event === "roster"))).toEqual(["Ada"]);

    const b = await join(room.id, "Bob");
    expect(rosterNames(await sa.next((e) => e.event === "roster"))).toEqual(["Ada", "Bob"]);
    const sb = (await events(room.id, b.participant.id, b.key)).reader!;
    expect(await sb.next()).toEqual({ event: "self", data: { id: b.participant.id, name: "Bob" }, id: undefined });

    const offer = { description: { type: "offer", sdp: "v=0\r\n" } };
    const sent = await signal(room.id, a.participant.id, { key: a.key, to: b.participant.id, payload: offer });
    expect(sent.status).toBe(201);
    const got = await sb.next((e) => e.event === "signal");
    expect(got.data).toEqual({ from: a.participant.id, payload: offer });
    expect(got.id).toBe(sent.body.id);
    const candidate = { candidate: { candidate: "candidate:1 1 udp 2122260223 192.0.2.1 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 } };
    await signal(room.id, b.participant.id, { key: b.key, to: a.participant.id, payload: candidate });
    expect((await sa.next((e) => e.event === "signal")).data).toEqual({ from: b.participant.id, payload: candidate });

    // A reconnecting EventSource sends the last signal id it saw: those signals are done with.
    await sb.cancel();
    const again = (await events(room.id, b.participant.id, b.key, got.id)).reader!;
    await again.next((e) => e.event === "roster");
    expect(await db.roomSignal.count({ where: { toId: b.participant.id } })).toBe(0);

    // Leaving with a wrong key does nothing; with the right one the others hear of it at once.
    expect((await call(leaveRoute, { body: { key: "wrong" }, params: { id: room.id, participantId: b.participant.id } })).status).toBe(204);
    expect(await db.roomParticipant.count({ where: { roomId: room.id } })).toBe(2);
    expect((await call(leaveRoute, { body: { key: b.key }, params: { id: room.id, participantId: b.participant.id } })).status).toBe(204);
    expect(rosterNames(await sa.next((e) => e.event === "roster"))).toEqual(["Ada"]);
    expect((await again.next((e) => e.event === "closed")).data).toEqual({ reason: "left" });
    // Leaving twice is harmless.
    expect((await call(leaveRoute, { body: { key: b.key }, params: { id: room.id, participantId: b.participant.id } })).status).toBe(204);
  });

  it("refuses signals that are malformed, too large, misaddressed or too many", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    const b = await join(room.id, "Bob");
    const to = b.participant.id;
    const ok = { description: { type: "answer", sdp: "v=0" } };

    let res = await signal(room.id, a.participant.id, { key: a.key, to, payload: { description: { type: "bogus" } } });
    expect(res.status).toBe(400);
    res = await signal(room.id, a.participant.id, { key: a.key, to, payload: { script: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("A signal carries a description or a candidate");
    res = await signal(room.id, a.participant.id, { key: a.key, to, payload: { description: { type: "offer", sdp: "x".repeat(70_000) } } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("The request body is too large");
    res = await call(signalRoute, { rawBody: "{nope", params: { id: room.id, participantId: a.participant.id } });
    expect(res.status).toBe(400);

    res = await signal(room.id, a.participant.id, { key: "wrong", to, payload: ok });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("You are not in this room");
    res = await signal(room.id, a.participant.id, { key: a.key, to: "nobody", payload: ok });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("That participant has left the room");
    res = await signal(room.id, a.participant.id, { key: a.key, to: a.participant.id, payload: ok });
    expect(res.status).toBe(404);

    // Text PostgreSQL cannot store, and ids that cannot be ids, are refused before the database.
    for (const sdp of ["v=0\\u0000", "v=0\\ud800"]) {
      res = await call(signalRoute, {
        rawBody: `{"key":"${a.key}","to":"${to}","payload":{"description":{"type":"offer","sdp":"${sdp}"}}}`,
        params: { id: room.id, participantId: a.participant.id },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The request body contains invalid characters");
    }
    res = await signal(room.id, "bad\u0000id", { key: a.key, to, payload: ok });
    expect(res.status).toBe(404);
    res = await signal("bad\u0000room", a.participant.id, { key: a.key, to, payload: ok });
    expect(res.status).toBe(404);
    // A junk room id is refused at the edge (leaving a room that cannot exist).
    expect((await call(leaveRoute, { body: { key: a.key }, params: { id: "x\u0000", participantId: a.participant.id } })).status).toBe(404);
    expect((await events("bad\u0000room", a.participant.id, a.key)).status).toBe(404);

    // A participant of another room is not reachable from this one.
    const other = await newRoom();
    const c = await join(other.room.id, "Cy");
    res = await signal(room.id, a.participant.id, { key: a.key, to: c.participant.id, payload: ok });
    expect(res.status).toBe(404);

    await db.roomParticipant.update({ where: { id: a.participant.id }, data: { signalsSent: ROOM_LIMITS.maxSignalsPerParticipant } });
    res = await signal(room.id, a.participant.id, { key: a.key, to, payload: ok });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("Too many signalling messages; rejoin the room");
    expect(await db.roomSignal.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("drops a participant whose stream closed and who did not come back, and one nobody has seen", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    const b = await join(room.id, "Bob");
    const c = await join(room.id, "Cy");
    const sa = (await events(room.id, a.participant.id, a.key)).reader!;
    const sb = (await events(room.id, b.participant.id, b.key)).reader!;
    await events(room.id, c.participant.id, c.key);
    expect(rosterNames(await sa.next((e) => e.event === "roster" && rosterNames(e).length === 3))).toEqual(["Ada", "Bob", "Cy"]);

    // Bob's tab closes: his stream is cancelled and he never reconnects.
    await sb.cancel();
    const without = await sa.next((e) => e.event === "roster" && !rosterNames(e).includes("Bob"), 15_000);
    expect(rosterNames(without)).toEqual(["Ada", "Cy"]);

    // Cy's browser froze long ago (no heartbeat): the next heartbeat in the room clears Cy out.
    await db.roomParticipant.update({ where: { id: c.participant.id }, data: { lastSeenAt: new Date(Date.now() - ROOM_LIMITS.staleMs - 1_000) } });
    await notifyRoom(room.id);
    expect(rosterNames(await sa.next((e) => e.event === "roster" && !rosterNames(e).includes("Cy"), 15_000))).toEqual(["Ada"]);
  });

  it("streams the transcript of the meetings held in the room, and nothing else", async () => {
    const { user, room } = await newRoom();
    const meeting = await db.meeting.create({
      data: { userId: user.id, title: "Try-out", meetingUrl: room.url, platform: "room", status: "in_progress", scheduledStart: new Date() },
    });
    const elsewhere = await db.meeting.create({
      data: { userId: user.id, meetingUrl: "https://meet.google.com/abc-defg-hij", platform: "meet", status: "in_progress", scheduledStart: new Date() },
    });
    await db.transcriptSegment.create({ data: { meetingId: meeting.id, speaker: "Ada", text: "Before you came.", startMs: 0, endMs: 900 } });

    const a = await join(room.id, "Ada");
    const sa = (await events(room.id, a.participant.id, a.key)).reader!;
    const backlog = await sa.next((e) => e.event === "transcript");
    expect((backlog.data as { text: string }[]).map((l) => l.text)).toEqual(["Before you came."]);

    await db.transcriptSegment.create({ data: { meetingId: elsewhere.id, speaker: "Eve", text: "Not in this room.", startMs: 0, endMs: 500 } });
    await db.transcriptSegment.create({
      data: { meetingId: meeting.id, speaker: "Cohost", isAgent: true, text: "Hello, I am listening.", startMs: 1000, endMs: 2000 },
    });
    const live = await sa.next((e) => e.event === "transcript");
    expect(live.data).toEqual([
      expect.objectContaining({ speaker: "Cohost", isAgent: true, text: "Hello, I am listening." }),
    ]);
    // Nothing sent twice, nothing from elsewhere.
    const later = await sa.drainFor(300);
    expect(later.filter((e) => e.event === "transcript")).toEqual([]);
  });

  it("lets a participant back in with its key after the web server was gone for a while (not after a minute), resuming after the last signal it got", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    const b = await join(room.id, "Bob");
    const sb = (await events(room.id, b.participant.id, b.key)).reader!;
    const first = await signal(room.id, a.participant.id, { key: a.key, to: b.participant.id, payload: { candidate: null } });
    expect((await sb.next((e) => e.event === "signal")).id).toBe(first.body.id);
    const second = await signal(room.id, a.participant.id, { key: a.key, to: b.participant.id, payload: { candidate: null } });
    await sb.next((e) => e.event === "signal");
    await sb.cancel();

    // The server died (no stream closed on its side): nobody was seen for 40 s.
    await db.roomParticipant.updateMany({ where: { roomId: room.id }, data: { lastSeenAt: new Date(Date.now() - 40_000) } });
    // A new EventSource names the last signal it got in the query (it cannot send Last-Event-ID).
    const back = await events(room.id, b.participant.id, b.key, undefined, { query: `&lastEventId=${first.body.id}` });
    expect(back.status).toBe(200);
    expect(rosterNames(await back.reader!.next((e) => e.event === "roster"))).toEqual(["Ada", "Bob"]);
    // Signals up to the one it names are done with; the later one comes again.
    expect((await back.reader!.next((e) => e.event === "signal")).id).toBe(second.body.id);
    expect(await db.roomSignal.count({ where: { toId: b.participant.id, id: { lte: BigInt(first.body.id) } } })).toBe(0);

    // Gone longer than the presence window: out for good.
    await db.roomParticipant.update({ where: { id: a.participant.id }, data: { lastSeenAt: new Date(Date.now() - ROOM_LIMITS.staleMs - 1_000) } });
    expect((await events(room.id, a.participant.id, a.key)).status).toBe(404);
  });

  it("shows everyone the agents in the room and what they do; only the owner gets the meeting, its cost and the controls", async () => {
    const { user, room } = await newRoom();
    const headers = { authorization: `Bearer ${issueAccessToken(user.id).token}` };
    const agent = await createAgent(user.id, validAgent({ name: "Cohost" }));
    const meeting = await db.meeting.create({
      data: { userId: user.id, agentId: agent.id, meetingUrl: room.url, platform: "room", status: "in_progress", scheduledStart: new Date(), liveState: { activity: "listening" } },
    });
    const owner = await join(room.id, "Ada");
    const guest = await join(room.id, "Bob");
    const so = (await events(room.id, owner.participant.id, owner.key, undefined, { headers })).reader!;
    const sg = (await events(room.id, guest.participant.id, guest.key)).reader!;
    const shown = { agentName: "Cohost", status: "in_progress", statusReason: null, live: { activity: "listening" }, wakeWord: "hey cohost", manualActivation: false, activated: false };
    expect((await so.next((e) => e.event === "agents")).data).toEqual([{ ...shown, owner: { meetingId: meeting.id, costUsd: 0 } }]);
    expect((await sg.next((e) => e.event === "agents")).data).toEqual([{ ...shown, owner: null }]);

    // The bot writes what it heard: the room hears of it at once (the Meeting trigger).
    const unanswered = { reason: "no_wake_word", text: "Move the launch.", at: new Date().toISOString() };
    await db.meeting.update({ where: { id: meeting.id }, data: { liveState: { activity: "listening", unanswered } } });
    expect((await sg.next((e) => e.event === "agents", 3_000)).data).toEqual([{ ...shown, live: { activity: "listening", unanswered }, owner: null }]);
    // Once it is out of the call, the reason is what counts; live state is for the call only.
    await db.meeting.update({ where: { id: meeting.id }, data: { status: "failed", statusReason: "provider_error" } });
    expect((await sg.next((e) => e.event === "agents", 3_000)).data).toEqual([{ ...shown, status: "failed", statusReason: "provider_error", live: null, owner: null }]);
  });

  it("closes everyone's stream when the room expires", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    const sa = (await events(room.id, a.participant.id, a.key)).reader!;
    await sa.next((e) => e.event === "roster");
    await db.room.update({ where: { id: room.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    await notifyRoom(room.id);
    expect((await sa.next((e) => e.event === "closed")).data).toEqual({ reason: "room_closed" });
  });

  it("tells a participant whose stream opens after the room closed that it closed; a wrong key is still refused", async () => {
    const { room } = await newRoom();
    const a = await join(room.id, "Ada");
    await db.room.update({ where: { id: room.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const opened = await events(room.id, a.participant.id, a.key);
    expect(opened.status).toBe(200);
    expect(await opened.reader!.next()).toEqual({ event: "closed", data: { reason: "room_closed" } });
    await expect(opened.reader!.next()).rejects.toThrow("the event stream ended");
    expect((await events(room.id, a.participant.id, "not-the-key")).status).toBe(404);
  });
});

describe("limits", () => {
  it("limits rooms per user and joins per address (RATE_LIMIT_ROOMS, RATE_LIMIT_ROOM_JOINS_IP)", async () => {
    const saved = { rooms: process.env.RATE_LIMIT_ROOMS, joins: process.env.RATE_LIMIT_ROOM_JOINS_IP };
    try {
      process.env.RATE_LIMIT_ROOMS = "2/3600";
      const { headers } = await createUser();
      expect((await call(createRoute, { method: "POST", headers })).status).toBe(201);
      expect((await call(createRoute, { method: "POST", headers })).status).toBe(201);
      const third = await call(createRoute, { method: "POST", headers });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();

      process.env.RATE_LIMIT_ROOM_JOINS_IP = "1/60";
      const { room } = await newRoom();
      const ip = { "x-forwarded-for": "198.51.100.23" };
      expect((await call(joinRoute, { body: { name: "A" }, headers: ip, params: { id: room.id } })).status).toBe(201);
      expect((await call(joinRoute, { body: { name: "B" }, headers: ip, params: { id: room.id } })).status).toBe(429);
    } finally {
      process.env.RATE_LIMIT_ROOMS = saved.rooms;
      process.env.RATE_LIMIT_ROOM_JOINS_IP = saved.joins;
      if (saved.rooms === undefined) delete process.env.RATE_LIMIT_ROOMS;
      if (saved.joins === undefined) delete process.env.RATE_LIMIT_ROOM_JOINS_IP;
    }
  });
});
