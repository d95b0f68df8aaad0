import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { MEETING_STATUSES, statusPhrase, type MeetingStatus } from "@/lib/meetings/status";
import { transitionMeeting, TransitionRefused, TRANSITIONS } from "@/lib/meetings/transitions";
import { sweepLostMeetings } from "@/lib/meetings/sweep-lost-meetings";
import { listMeetings } from "@/lib/meetings/list-meetings";
import { MEET_URL, userWithAgent } from "./fixtures.ts";

// The legal moves, written out once more by hand: the table in lib/meetings/transitions.ts must say
// exactly this.
const LEGAL: Record<MeetingStatus, MeetingStatus[]> = {
  scheduled: ["joining", "cancelled", "failed"],
  joining: ["joining", "waiting_room", "in_progress", "completed", "failed", "cancelled"],
  waiting_room: ["joining", "in_progress", "completed", "failed", "cancelled"],
  in_progress: ["joining", "completed", "failed", "cancelled"],
  completed: ["joining"],
  failed: ["joining"],
  cancelled: ["joining"],
};

async function meetingIn(status: MeetingStatus, extra: Record<string, unknown> = {}) {
  const { user, agent } = await userWithAgent({ creditUsd: 0 });
  return db.meeting.create({
    data: { userId: user.id, agentId: agent.id, meetingUrl: MEET_URL, platform: "meet", status, scheduledStart: new Date(), runId: "run-1", ...extra },
  });
}

describe("the meeting transition table", () => {
  it("is exactly the legal moves", () => {
    expect(TRANSITIONS).toEqual(LEGAL);
  });

  const pairs = MEETING_STATUSES.flatMap((from) => MEETING_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("%s → %s is applied only when legal, with an event row", async (from, to) => {
    const meeting = await meetingIn(from);
    const legal = LEGAL[from].includes(to);
    const attempt = db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to, reason: "test", verb: "moved" }));
    if (legal) {
      await expect(attempt).resolves.toMatchObject({ fromStatus: from, status: to });
    } else {
      await expect(attempt).rejects.toThrow(`The meeting is ${statusPhrase(from)}, so it cannot be moved.`);
    }
    const after = await db.meeting.findUniqueOrThrow({ where: { id: meeting.id }, include: { events: true } });
    expect(after.status).toBe(legal ? to : from);
    expect(after.events).toHaveLength(legal ? 1 : 0);
    if (legal) expect(after.events[0]).toMatchObject({ fromStatus: from, toStatus: to, reason: "test" });
  });

  it("stamps the times: admitted once (startedAt kept on restart), ended on a final status, a new run on joining", async () => {
    const meeting = await meetingIn("joining");
    const move = (to: MeetingStatus, runId?: string) => db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to, runId, verb: "moved" }));
    await move("in_progress", "run-1");
    const admitted = await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } });
    expect(admitted.startedAt).not.toBeNull();
    await move("completed", "run-1");
    expect((await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } })).endedAt).not.toBeNull();
    const restarted = await move("joining");
    expect(restarted.runId).not.toBe("run-1");
    const row = await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } });
    expect(row).toMatchObject({ endedAt: null, workerId: null, heartbeatAt: null, runId: restarted.runId, startedAt: admitted.startedAt });
    expect(row.joinRequestedAt).not.toBeNull();
  });

  it("refuses a bot write for a run that is no longer current", async () => {
    const meeting = await meetingIn("joining", { runId: "run-2" });
    const stale = db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "in_progress", runId: "run-1", verb: "admitted" }));
    await expect(stale).rejects.toBeInstanceOf(TransitionRefused);
    expect((await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } })).status).toBe("joining");
  });

  it("lets one of two racing transitions win: a user stop and a bot failure", async () => {
    const meeting = await meetingIn("in_progress");
    const results = await Promise.allSettled([
      db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "completed", from: ["joining", "waiting_room", "in_progress"], reason: "user_stopped", verb: "stopped" })),
      db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "failed", from: ["joining", "waiting_room", "in_progress"], reason: "provider_error", runId: "run-1", verb: "failed" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.meetingEvent.count({ where: { meetingId: meeting.id } })).toBe(1);
  });
});

describe("heartbeat loss", () => {
  const ago = (s: number) => new Date(Date.now() - s * 1000);
  const timeout = process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS;
  // A 10 s time-out here; and the sweep counts silence only while the database was up (the fault
  // tests restart it), so these start once this test database has been up that long.
  beforeEach(async () => {
    process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS = "10";
    const [{ upMs }] = await db.$queryRaw<{ upMs: number }[]>`SELECT (EXTRACT(EPOCH FROM now() - pg_postmaster_start_time()) * 1000)::float8 AS "upMs"`;
    if (upMs < 11_000) await new Promise((resolve) => setTimeout(resolve, 11_000 - upMs));
  });
  afterEach(() => {
    if (timeout === undefined) delete process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS;
    else process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS = timeout;
  });

  it("fails live meetings whose worker went silent (heartbeat_lost) or never came (no_worker), and nothing else", async () => {
    const lost = await meetingIn("in_progress", { workerId: "w1", heartbeatAt: ago(120), joinRequestedAt: ago(600) });
    const lostInLobby = await meetingIn("waiting_room", { workerId: "w1", heartbeatAt: ago(11), joinRequestedAt: ago(600) });
    const neverPicked = await meetingIn("joining", { joinRequestedAt: ago(30) });
    const alive = await meetingIn("in_progress", { workerId: "w2", joinRequestedAt: ago(600) });
    const justAsked = await meetingIn("joining", {});
    // Their heartbeat and request are from just now, the moment before the sweep.
    await db.meeting.update({ where: { id: alive.id }, data: { heartbeatAt: new Date() } });
    await db.meeting.update({ where: { id: justAsked.id }, data: { joinRequestedAt: new Date() } });
    const scheduled = await meetingIn("scheduled", { scheduledStart: ago(3600) });
    const done = await meetingIn("completed", { workerId: "w1", heartbeatAt: ago(3600) });

    const failed = await sweepLostMeetings();
    for (const m of [lost, lostInLobby, neverPicked]) expect(failed).toContain(m.id);
    const status = async (id: string) => db.meeting.findUniqueOrThrow({ where: { id }, select: { status: true, statusReason: true, endedAt: true } });
    expect(await status(lost.id)).toMatchObject({ status: "failed", statusReason: "heartbeat_lost" });
    expect(await status(lostInLobby.id)).toMatchObject({ status: "failed", statusReason: "heartbeat_lost" });
    expect(await status(neverPicked.id)).toMatchObject({ status: "failed", statusReason: "no_worker" });
    expect((await status(lost.id)).endedAt).not.toBeNull();
    for (const m of [alive, justAsked, scheduled, done]) expect((await status(m.id)).status).toBe(m.status);
    // Sweeping again changes nothing.
    const again = await sweepLostMeetings();
    for (const m of [lost, lostInLobby, neverPicked]) expect(again).not.toContain(m.id);
  });

  it("a meeting held in the queue by busy workers waits, and fails as no_free_bot only after the queue time-out", async () => {
    // Held: a busy worker vouched for it a moment ago (holdQueuedMeetings), asked for long ago.
    const queued = await meetingIn("joining", { statusReason: "waiting_for_bot", heartbeatAt: ago(2), joinRequestedAt: ago(120) });
    const tooLong = await meetingIn("joining", { statusReason: "waiting_for_bot", heartbeatAt: ago(2), joinRequestedAt: ago(601) });
    const failed = await sweepLostMeetings();
    expect(failed).not.toContain(queued.id);
    expect(failed).toContain(tooLong.id);
    expect(await db.meeting.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "joining", statusReason: "waiting_for_bot" });
    expect(await db.meeting.findUniqueOrThrow({ where: { id: tooLong.id } })).toMatchObject({ status: "failed", statusReason: "no_free_bot" });
  });

  it("a meeting handed over by a stopping worker waits for the next worker as long as a queued one", async () => {
    const waiting = await meetingIn("joining", { statusReason: "worker_shutdown", joinRequestedAt: ago(120) });
    const given = await meetingIn("joining", { statusReason: "worker_shutdown", joinRequestedAt: ago(601) });
    const failed = await sweepLostMeetings();
    expect(failed).not.toContain(waiting.id);
    expect(await db.meeting.findUniqueOrThrow({ where: { id: given.id } })).toMatchObject({ status: "failed", statusReason: "no_worker" });
  });

  it("reading one's meetings fails one's own lost meetings, even with no worker running, and no one else's", async () => {
    const mine = await meetingIn("joining", { joinRequestedAt: ago(300) });
    const theirs = await meetingIn("joining", { joinRequestedAt: ago(300) });
    await listMeetings(mine.userId, new URLSearchParams());
    expect(await db.meeting.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ status: "failed", statusReason: "no_worker" });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("joining");
  });
});
