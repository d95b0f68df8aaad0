import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as restartRoute } from "@/app/api/meetings/[id]/restart/route";
import { GET as detailsRoute } from "@/app/api/meetings/[id]/details/route";
import { claimRun, moveRun, saveLiveState, saveToolCall, saveTranscriptSegment } from "@/lib/meetings/bot-runs";
import { call } from "../http.ts";
import { MEET_URL, startJob, userWithAgent } from "./fixtures.ts";

// Issue 18: the meeting page showed transcript lines at the worker's uptime ("14:31" for a line 12 s
// into the meeting). Lines are saved as time into the meeting, from when the agent first got in.

async function admittedMeeting() {
  const ctx = await userWithAgent();
  const res = await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } });
  const job = await startJob(res.body.id);
  const ref = { meetingId: res.body.id as string, runId: job!.data.runId as string, workerId: "w1" };
  await claimRun(ref);
  await moveRun(ref, "in_progress", null);
  return { ...ctx, ref };
}

const segment = (startMs: number, endMs: number) => ({ speaker: "Grace", speakerId: "p1", isAgent: false, text: "Hey Cohost, what is next?", startMs, endMs });

describe("transcript times", () => {
  it("are milliseconds into the meeting, whatever the session clock (a worker up for hours), and keep counting after a restart", async () => {
    const { ref, headers } = await admittedMeeting();
    const { startedAt } = await db.meeting.findUniqueOrThrow({ where: { id: ref.meetingId } });
    // The worker has been up 14 minutes: its clock read 870 000 ms when the meeting started.
    const clockEpochMs = startedAt!.getTime() - 870_000;
    await saveTranscriptSegment(ref.meetingId, segment(870_000 + 12_000, 870_000 + 14_500), clockEpochMs);

    // Restarted on another worker whose clock started just now: the meeting's time goes on.
    await call(restartRoute, { method: "POST", headers, params: { id: ref.meetingId } });
    const otherClock = startedAt!.getTime() + 60_000;
    await saveTranscriptSegment(ref.meetingId, segment(5_000, 7_000), otherClock);

    const details = await call(detailsRoute, { headers, params: { id: ref.meetingId } });
    expect(details.body.transcript.map((s: { startMs: number; endMs: number }) => [s.startMs, s.endMs])).toEqual([
      [12_000, 14_500],
      [65_000, 67_000],
    ]);
  });

  it("the live state is written by the current run only", async () => {
    const { ref, headers } = await admittedMeeting();
    await saveLiveState(ref, { activity: "speaking" });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: ref.meetingId } })).liveState).toEqual({ activity: "speaking" });
    await call(restartRoute, { method: "POST", headers, params: { id: ref.meetingId } });
    await saveLiveState(ref, { activity: "thinking" });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: ref.meetingId } })).liveState).toEqual({ activity: "speaking" });
  });

  it("a tool call's transcript line goes out like any other: an event for the live stream and webhooks, in the same transaction", async () => {
    // Issue 31: tool lines were in the details and exports but never in the stream or the webhooks.
    const { ref } = await admittedMeeting();
    const { startedAt } = await db.meeting.findUniqueOrThrow({ where: { id: ref.meetingId } });
    await saveToolCall(ref, "Cohost", { turnId: 1, name: "weather_now", arguments: { city: "Oslo" }, startMs: 3000, durationMs: 1500, ok: true, server: "Weather" }, true, startedAt!.getTime());
    const line = await db.transcriptSegment.findFirstOrThrow({ where: { meetingId: ref.meetingId } });
    const events = await db.apiEvent.findMany({ where: { meetingId: ref.meetingId, type: "meeting.transcript.segment" } });
    expect(events.map((e) => e.data)).toEqual([
      { meetingId: ref.meetingId, segment: { id: line.id, speaker: "Cohost", isAgent: true, text: 'Tool weather_now {"city":"Oslo"}: ok (1.5 s)', startMs: 3000, endMs: 4500, interrupted: false, chat: false } },
    ]);
  });
});
