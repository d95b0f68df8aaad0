import { describe, expect, it } from "vitest";
import { GET as streamRoute } from "@/app/api/meetings/[id]/events/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as stopRoute } from "@/app/api/meetings/[id]/stop/route";
import { openMeetingStream } from "@/lib/meetings/open-meeting-stream";
import { addProviderUsage, claimRun, saveTranscriptSegment } from "@/lib/meetings/bot-runs";
import { releaseRun } from "@/lib/meetings/run-writes";
import { relayEvents } from "@/lib/webhooks/relay-events";
import { db } from "@/lib/db/client";
import { createEndpoint } from "../webhooks/support.ts";
import { call } from "@/test/http";
import { POST as createKey } from "@/app/api/api-keys/route";
import { DELETE as revokeKey } from "@/app/api/api-keys/[id]/route";
import { POST as signOutOthers } from "@/app/api/account/sign-out-others/route";
import { createUser } from "@/test/users";
import { MEET_URL, userWithAgent } from "../meetings/fixtures.ts";

interface SseEvent {
  id?: string;
  event?: string;
  data?: any;
  comment?: string;
}

/** Reads a Server-Sent Events body as the EventSource algorithm splits it. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: SseEvent[] = [];
  let done = false;
  const pump = (async () => {
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const e: SseEvent = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) e.comment = line.slice(1).trim();
          else if (line.startsWith("id: ")) e.id = line.slice(4);
          else if (line.startsWith("event: ")) e.event = line.slice(7);
          else if (line.startsWith("data: ")) e.data = JSON.parse(line.slice(6));
        }
        if (e.event || e.comment) events.push(e);
      }
    }
    done = true;
  })();
  return {
    events,
    get done() {
      return done;
    },
    async until(pred: (events: SseEvent[]) => boolean, what: string) {
      const deadline = Date.now() + 10_000;
      while (!pred(events)) {
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    finished: pump,
    cancel: () => reader.cancel(),
  };
}

async function open(meetingId: string, headers: Record<string, string>, opts: { lastEventId?: string; query?: string } = {}) {
  const controller = new AbortController();
  const request = new Request(`http://localhost:3000/api/meetings/${meetingId}/events${opts.query ?? ""}`, {
    headers: { ...headers, ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}) },
    signal: controller.signal,
  });
  const response = await streamRoute(request, { params: Promise.resolve({ id: meetingId }) });
  return { response, controller };
}

// Streams are re-checked every 0.2 s here (STREAM_CHECK_SECONDS), not every 5 s.
process.env.STREAM_CHECK_SECONDS = "0.2";

async function liveMeeting() {
  const ctx = await userWithAgent();
  const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: `${MEET_URL}?m=${Math.random()}` } })).body.id as string;
  return { ctx, meetingId };
}

async function apiKey(headers: Record<string, string>) {
  const res = await call(createKey, { headers, body: { name: "Stream", scope: "read" } });
  expect(res.status).toBe(201);
  return { id: res.body.apiKey.id as string, headers: { authorization: `Bearer ${res.body.key}` } };
}

const segment = (text: string, startMs: number) => ({ speaker: "Grace", speakerId: null, isAgent: false, text, startMs, endMs: startMs + 500 });

describe("GET /api/meetings/{id}/events", () => {
  it("streams status changes and transcript segments live, resumes after Last-Event-ID, ends with the meeting", async () => {
    const ctx = await userWithAgent();
    const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } })).body.id;

    const first = await open(meetingId, ctx.headers);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const live = sseReader(first.response.body!);
    await live.until((e) => e.some((x) => x.event === "meeting.status_changed"), "the history");
    await saveTranscriptSegment(meetingId, segment("one", 0), Date.now());
    await saveTranscriptSegment(meetingId, segment("two", 1000), Date.now());
    await live.until((e) => e.filter((x) => x.event === "meeting.transcript.segment").length === 2, "two live segments");
    expect(live.events.map((e) => [e.id, e.event])).toEqual([
      ["1", "meeting.status_changed"],
      ["2", "meeting.transcript.segment"],
      ["3", "meeting.transcript.segment"],
    ]);
    expect(live.events[1].data).toMatchObject({ id: expect.stringMatching(/^msg_/), type: "meeting.transcript.segment", timestamp: expect.any(String), data: { meetingId, segment: { text: "one" } } });

    // The client drops; meanwhile a segment comes and the meeting is stopped.
    first.controller.abort();
    await saveTranscriptSegment(meetingId, segment("three", 2000), Date.now());
    await call(stopRoute, { method: "POST", headers: ctx.headers, params: { id: meetingId } });

    const resumed = await open(meetingId, ctx.headers, { lastEventId: "3" });
    const rest = sseReader(resumed.response.body!);
    await rest.finished;
    expect(rest.events.map((e) => [e.id, e.event, e.data?.data?.segment?.text ?? e.data?.data?.status ?? e.data?.status])).toEqual([
      ["4", "meeting.transcript.segment", "three"],
      ["5", "meeting.status_changed", "completed"],
      [undefined, "end", "completed"],
    ]);

    // Everything was had: 204 tells EventSource to stop reconnecting.
    expect((await open(meetingId, ctx.headers, { lastEventId: "5" })).response.status).toBe(204);
  });

  it("after Stop, waits for the run's last writes: the stream's end and meeting.ended come after the final words and usage", async () => {
    const ctx = await userWithAgent();
    const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: `${MEET_URL}?stop=${Date.now()}` } })).body.id;
    await createEndpoint(ctx.headers, "https://hooks.example.com/in", ["meeting.ended"]);
    const { runId } = await db.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { runId: true } });
    const ref = { meetingId, runId: runId!, workerId: "worker-under-test" };
    expect(await claimRun(ref)).toMatchObject({ claimed: true });

    const live = sseReader((await open(meetingId, ctx.headers)).response.body!);
    await call(stopRoute, { method: "POST", headers: ctx.headers, params: { id: meetingId } });
    await live.until((e) => e.some((x) => x.data?.data?.status === "completed"), "the completed status");
    await relayEvents();
    const ended = () => db.apiEvent.findFirstOrThrow({ where: { meetingId, type: "meeting.ended" } });
    // The relay ran (the status changes are out) but kept meeting.ended back while the run may write.
    expect(await db.apiEvent.count({ where: { meetingId, type: "meeting.status_changed", dispatchedAt: null } })).toBe(0);
    expect((await ended()).dispatchedAt).toBeNull();

    // The run, leaving the call, writes the speech-to-text's final words and its usage, then lets go.
    await saveTranscriptSegment(meetingId, segment("last words", 3000), Date.now());
    await addProviderUsage(meetingId, { kind: "stt", providerId: "deepgram", model: "nova-3", audioMs: 4000 });
    await live.until((e) => e.some((x) => x.event === "meeting.transcript.segment"), "the final words");
    expect(live.events.some((x) => x.event === "end")).toBe(false);
    expect(await releaseRun(ref)).toBe(true);
    await live.finished;
    expect(live.events.map((e) => e.event).slice(-3)).toEqual(["meeting.status_changed", "meeting.transcript.segment", "end"]);

    await relayEvents();
    const sent = await ended();
    expect(sent.dispatchedAt).toBeInstanceOf(Date);
    expect(sent.data).toMatchObject({ status: "completed", transcript: [expect.objectContaining({ text: "last words" })], usage: { providers: [expect.objectContaining({ providerId: "deepgram" })] } });
  });

  it("?since=now starts with what comes next; another user's meeting is 404", async () => {
    const ctx = await userWithAgent();
    const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } })).body.id;
    await saveTranscriptSegment(meetingId, segment("before", 0), Date.now());
    const { response, controller } = await open(meetingId, ctx.headers, { query: "?since=now" });
    const stream = sseReader(response.body!);
    await saveTranscriptSegment(meetingId, segment("after", 1000), Date.now());
    await stream.until((e) => e.length > 0, "the next event");
    expect(stream.events.map((e) => [e.id, e.data.data.segment.text])).toEqual([["3", "after"]]);
    controller.abort();

    const other = await createUser();
    const res = await call(streamRoute, { headers: other.headers, params: { id: meetingId } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Meeting not found" });
  });

  it("sends a heartbeat comment while nothing happens", async () => {
    const ctx = await userWithAgent();
    const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } })).body.id;
    const controller = new AbortController();
    const body = await openMeetingStream({ userId: ctx.user.id, meetingId, lastEventId: "1", since: null, signal: controller.signal, heartbeatMs: 50 });
    const stream = sseReader(body!);
    await stream.until((e) => e.filter((x) => x.comment === "ping").length >= 2, "two heartbeats");
    expect(stream.events.every((e) => e.comment === "ping")).toBe(true);
    controller.abort();
    await stream.finished;
    expect(stream.done).toBe(true);
  });
});

describe("event streams and the credentials they were opened with", () => {
  it("a revoked key's stream ends within seconds, and so does a stream of a session signed out elsewhere", async () => {
    const { ctx, meetingId } = await liveMeeting();
    const key = await apiKey(ctx.headers);
    const byKey = sseReader((await open(meetingId, key.headers)).response.body!);
    const byToken = sseReader((await open(meetingId, ctx.headers)).response.body!);
    await byKey.until((e) => e.some((x) => x.event === "meeting.status_changed"), "the key's stream");
    await byToken.until((e) => e.some((x) => x.event === "meeting.status_changed"), "the token's stream");

    expect((await call(revokeKey, { method: "DELETE", headers: ctx.headers, params: { id: key.id } })).status).toBe(200);
    await byKey.finished;
    expect(byKey.events.at(-1)).toMatchObject({ event: "unauthorized", data: { message: "The credentials this stream was opened with are no longer valid." } });
    // The fence: the session's stream, checked in the same rounds, is still open.
    expect(byToken.done).toBe(false);

    await call(signOutOthers, { method: "POST", headers: ctx.headers });
    await byToken.finished;
    expect(byToken.events.at(-1)?.event).toBe("unauthorized");
  });

  it("a key and a user may hold only so many streams at once (429 saying so); a closed one frees its place", async () => {
    const { ctx, meetingId } = await liveMeeting();
    const first = await apiKey(ctx.headers);
    const second = await apiKey(ctx.headers);
    const opened: Awaited<ReturnType<typeof open>>[] = [];
    try {
      for (let i = 0; i < 5; i++) opened.push(await open(meetingId, first.headers));
      expect(opened.map((o) => o.response.status)).toEqual([200, 200, 200, 200, 200]);
      const keyFull = await open(meetingId, first.headers);
      expect(keyFull.response.status).toBe(429);
      expect(await keyFull.response.json()).toEqual({ error: "rate_limited", message: "This API key has 5 event streams open, the most it may; close one first." });
      for (let i = 0; i < 5; i++) opened.push(await open(meetingId, second.headers));
      const userFull = await open(meetingId, ctx.headers);
      expect(userFull.response.status).toBe(429);
      expect(userFull.response.headers.get("retry-after")).toBe("5");
      expect((await userFull.response.json()).message).toBe("This account has 10 event streams open, the most it may; close one first.");
      // Another account is not affected.
      const other = await liveMeeting();
      const theirs = await open(other.meetingId, other.ctx.headers);
      expect(theirs.response.status).toBe(200);
      theirs.controller.abort();

      opened.shift()!.controller.abort();
      const again = await open(meetingId, ctx.headers);
      expect(again.response.status).toBe(200);
      opened.push(again);
    } finally {
      for (const o of opened) o.controller.abort();
    }
  });

  it("a stream ends after its longest life, without `end`: EventSource reconnects, authenticated anew", async () => {
    const { ctx, meetingId } = await liveMeeting();
    process.env.STREAM_MAX_LIFE_SECONDS = "0.5";
    try {
      const stream = sseReader((await open(meetingId, ctx.headers)).response.body!);
      await stream.finished;
      expect(stream.events.map((e) => e.event)).toEqual(["meeting.status_changed"]);
    } finally {
      delete process.env.STREAM_MAX_LIFE_SECONDS;
    }
  });
});
