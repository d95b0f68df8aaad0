import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES, jobSender } from "@/lib/jobs/boss";
import { claimRun, handOverRun, moveRun } from "@/lib/meetings/bot-runs";
import { cancelMeeting } from "@/lib/meetings/cancel-meeting";
import { joinMeeting } from "@/lib/meetings/join-meeting";
import { restartMeeting } from "@/lib/meetings/restart-meeting";
import { stopMeeting } from "@/lib/meetings/stop-meeting";
import { capacitySql, measureCapacity, measureWorkersNeeded } from "@/lib/bots/measure-capacity";
import { ownPostgresForFile } from "../support/own-postgres.ts";
import { userWithAgent } from "../meetings/fixtures.ts";

// The capacity query (lib/bots/measure-capacity.ts) against real PostgreSQL and real pg-boss jobs, the
// meetings made the way the API and the workers make them. The query counts the whole database, so
// the file has a PostgreSQL of its own (the worker's shared copy holds other files' meetings).
ownPostgresForFile("capacity", { prepare: true });

const MINUTE = 60_000;
let links = 0;
/** A distinct Google Meet link per meeting (one agent may be in one meeting per link). */
function meetLink(): string {
  const letters = (n: number) => String.fromCharCode(97 + (Math.floor(n / 26) % 26)) + String.fromCharCode(97 + (n % 26));
  return `https://meet.google.com/abc-defg-h${letters(links++)}`;
}

async function join(userId: string, agentId: string, startInMs?: number): Promise<{ id: string; runId: string }> {
  const body = { agentId, meetingUrl: meetLink(), ...(startInMs ? { startAt: new Date(Date.now() + startInMs).toISOString() } : {}) };
  const { id } = await joinMeeting(userId, body);
  const { runId } = await db.meeting.findUniqueOrThrow({ where: { id }, select: { runId: true } });
  return { id, runId: runId! };
}

/** A meeting joined now and claimed by worker `w`: its bot is running. */
async function claimed(userId: string, agentId: string, w = "worker-1") {
  const m = await join(userId, agentId);
  const ref = { meetingId: m.id, runId: m.runId, workerId: w };
  expect((await claimRun(ref)).claimed).toBe(true);
  return ref;
}

describe("bot capacity", () => {
  it("needs no worker when nothing waits, runs or is about to start", async () => {
    expect(await measureCapacity({ botsPerWorker: 4, prewarmMinutes: 10 })).toEqual({ queued: 0, running: 0, prewarm: 0, slots: 0, workers: 0 });
    expect(await measureWorkersNeeded({ botsPerWorker: 4, prewarmMinutes: 10 })).toBe(0);
  });

  it("counts meetings waiting in the queue, running bots and meetings about to start, and nothing else", async () => {
    const { user, agent } = await userWithAgent({ creditUsd: 100 });
    const u = user.id;
    const a = agent.id;

    // Waiting in pg-boss for a bot: joined now; handed over by a stopping worker; restarted (the old
    // run's bot is leaving, the new run waits).
    await join(u, a);
    expect(await handOverRun(await claimed(u, a))).toBe(true);
    const restarted = await claimed(u, a);
    await restartMeeting(u, restarted.meetingId);

    // Running: a bot on its way in, one in the call.
    await claimed(u, a);
    const inCall = await claimed(u, a, "worker-2");
    expect(await moveRun(inCall, "in_progress", null)).toEqual({ moved: true });

    // About to start: scheduled 5 minutes from now (its start job is due only 2 minutes before).
    await join(u, a, 5 * MINUTE);

    // None of these needs a bot: ended, failed, far in the future, cancelled, another queue's job.
    const ended = await claimed(u, a);
    await moveRun(ended, "in_progress", null);
    await stopMeeting(u, ended.meetingId);
    await moveRun(await claimed(u, a), "failed", "provider_error");
    await join(u, a, 3 * 60 * MINUTE);
    const cancelled = await join(u, a, 6 * MINUTE);
    await cancelMeeting(u, cancelled.id);
    await (await jobSender()).send(QUEUES.calendarImport, { calendarId: "not-a-meeting" });

    expect(await measureCapacity({ botsPerWorker: 2, prewarmMinutes: 10 })).toEqual({ queued: 3, running: 2, prewarm: 1, slots: 6, workers: 3 });
    expect(await measureWorkersNeeded({ botsPerWorker: 2, prewarmMinutes: 10 })).toBe(3);
    // Four bots per worker: 6 slots take 2 workers (rounded up).
    expect(await measureWorkersNeeded({ botsPerWorker: 4, prewarmMinutes: 10 })).toBe(2);
    // A pre-warming window shorter than 5 minutes leaves the scheduled meeting out.
    expect(await measureCapacity({ botsPerWorker: 2, prewarmMinutes: 3 })).toMatchObject({ prewarm: 0, slots: 5, workers: 3 });
    // Claimed by a worker while its start job is still active: counted once, as running.
    const queuedMeeting = await db.meeting.findFirstOrThrow({ where: { status: "joining", workerId: null, statusReason: null }, select: { id: true, runId: true } });
    await claimRun({ meetingId: queuedMeeting.id, runId: queuedMeeting.runId!, workerId: "worker-3" });
    expect(await measureCapacity({ botsPerWorker: 2, prewarmMinutes: 10 })).toMatchObject({ queued: 2, running: 3, slots: 6 });

    // `npm run capacity` prints the same number, and its parts with --json.
    const capacity = (...args: string[]) => promisify(execFile)(process.execPath, ["scripts/capacity.ts", "--bots-per-worker", "2", ...args], { env: process.env });
    expect((await capacity()).stdout.trim()).toBe("3");
    expect(JSON.parse((await capacity("--json")).stdout)).toEqual({ queued: 2, running: 3, prewarm: 1, slots: 6, workers: 3, botsPerWorker: 2, prewarmMinutes: 10 });
    expect((await capacity("--sql")).stdout.trim()).toBe(capacitySql({ botsPerWorker: 2, prewarmMinutes: 10 }));
  });

  it("is one statement KEDA can run as it is: numbers written in, no parameters", () => {
    const sql = capacitySql({ botsPerWorker: 4, prewarmMinutes: 10 });
    expect(sql).not.toMatch(/\$\d/);
    expect(sql).toContain("interval '10 minutes'");
    expect(sql).toContain("/ 4.0");
    expect(() => capacitySql({ botsPerWorker: 0, prewarmMinutes: 10 })).toThrow(/botsPerWorker/);
    expect(() => capacitySql({ botsPerWorker: 4, prewarmMinutes: 1.5 })).toThrow(/prewarmMinutes/);
  });
});
