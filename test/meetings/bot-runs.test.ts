import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as stopRoute } from "@/app/api/meetings/[id]/stop/route";
import { POST as restartRoute } from "@/app/api/meetings/[id]/restart/route";
import { addProviderUsage, admitRun, billMinute, claimRun, heartbeat, moveRun, saveParticipants } from "@/lib/meetings/bot-runs";
import { call } from "../http.ts";
import { MEET_URL, startJob, userWithAgent } from "./fixtures.ts";

async function joinedMeeting(creditUsd = 10) {
  const ctx = await userWithAgent({ creditUsd });
  const res = await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } });
  const job = await startJob(res.body.id);
  return { ...ctx, id: res.body.id as string, runId: job!.data.runId };
}

describe("bot runs", () => {
  it("one of two workers racing for the same run claims it", async () => {
    const { id, runId } = await joinedMeeting();
    const results = await Promise.all(["w1", "w2"].map((workerId) => claimRun({ meetingId: id, runId, workerId })));
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect(results.find((r) => !r.claimed)).toEqual({ claimed: false, reason: "taken" });
  });

  it("a claim whose answer was lost is the same worker's when it asks again, never another's", async () => {
    const { id, runId } = await joinedMeeting();
    const ref = { meetingId: id, runId, workerId: "w1" };
    // Committed, but say the worker never heard so (the connection broke after COMMIT).
    expect((await claimRun(ref)).claimed).toBe(true);
    expect(await claimRun({ ...ref, workerId: "w2" }, { again: true })).toEqual({ claimed: false, reason: "taken" });
    expect(await claimRun(ref)).toEqual({ claimed: false, reason: "taken" });
    expect(await claimRun(ref, { again: true })).toMatchObject({ claimed: true });
    expect(await heartbeat(ref)).toEqual({ status: "joining", activated: false, ownerParticipantId: null });
    expect(await db.meetingEvent.count({ where: { meetingId: id, toStatus: "failed" } })).toBe(0);
  });

  it("a stop or restart ends the old run: its heartbeat answers null and its moves are refused", async () => {
    const { id, runId, headers } = await joinedMeeting();
    const ref = { meetingId: id, runId, workerId: "w1" };
    expect((await claimRun(ref)).claimed).toBe(true);
    expect(await heartbeat(ref)).toEqual({ status: "joining", activated: false, ownerParticipantId: null });
    expect(await moveRun(ref, "in_progress", "admitted")).toEqual({ moved: true });

    await call(restartRoute, { method: "POST", headers, params: { id } });
    expect(await heartbeat(ref)).toBeNull();
    expect(await moveRun(ref, "failed", "provider_error")).toEqual({ moved: false, reason: "superseded", current: "joining" });
    const current = await db.meeting.findUniqueOrThrow({ where: { id } });
    expect(current).toMatchObject({ status: "joining", workerId: null });
    expect(await claimRun(ref)).toEqual({ claimed: false, reason: "superseded" });

    const next = { meetingId: id, runId: current.runId!, workerId: "w2" };
    expect((await claimRun(next)).claimed).toBe(true);
    await call(stopRoute, { method: "POST", headers, params: { id } });
    expect(await heartbeat(next)).toBeNull();
  });

  it("says why a move was refused: superseded (stopped, restarted) or not allowed now (the run goes on)", async () => {
    const { id, runId, headers } = await joinedMeeting();
    const ref = { meetingId: id, runId, workerId: "w1" };
    await claimRun(ref);
    expect(await moveRun(ref, "in_progress", null)).toEqual({ moved: true });
    // A late waiting-room report after admission: the table has no such move, but the run is the meeting's.
    expect(await moveRun(ref, "waiting_room", null)).toEqual({ moved: false, reason: "not_allowed", current: "in_progress" });
    await call(stopRoute, { method: "POST", headers, params: { id } });
    // Stopped: the same run, but the meeting is over for it.
    expect(await moveRun(ref, "completed", "alone")).toEqual({ moved: false, reason: "superseded", current: "completed" });
  });

  it("bills each started minute once, also when a tick is retried after its answer was lost", async () => {
    const { id, runId, user, agent } = await joinedMeeting(1);
    const ref = { meetingId: id, runId, workerId: "w1", userId: user.id, agentId: agent.id };
    await claimRun(ref);
    const admitted = await admitRun(ref);
    expect(admitted).toEqual({ moved: true, billedTicks: 0 });
    expect(await billMinute(ref, 0)).toMatchObject({ charged: true, billed: true });
    // The commit happened but the bot never heard: the retry finds the tick billed and charges nothing.
    expect(await billMinute(ref, 0)).toMatchObject({ charged: false, billed: true });
    expect(await billMinute(ref, 1)).toMatchObject({ charged: true, billed: true });
    await expect(billMinute(ref, 3)).rejects.toThrow(/ahead of its count/);
    const entries = await db.ledgerEntry.findMany({ where: { meetingId: id, type: "usage" } });
    expect(entries.map((e) => e.idempotencyKey).sort()).toEqual([`usage:${id}:0`, `usage:${id}:1`]);
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).billedTicks).toBe(2);
  });

  it("never bills after the user stopped the meeting, nor for an old run during a restart", async () => {
    const { id, runId, user, agent, headers } = await joinedMeeting();
    const old = { meetingId: id, runId, workerId: "w1", userId: user.id, agentId: agent.id };
    await claimRun(old);
    await admitRun(old);
    expect(await billMinute(old, 0)).toMatchObject({ charged: true });
    // Restarted while the old bot is still in the call: only the new run may bill.
    await call(restartRoute, { method: "POST", headers, params: { id } });
    expect(await billMinute(old, 1)).toEqual({ superseded: true });
    const fresh = { ...old, runId: (await db.meeting.findUniqueOrThrow({ where: { id } })).runId!, workerId: "w2" };
    await claimRun(fresh);
    // Not in the call yet: nothing to bill.
    expect(await billMinute(fresh, 1)).toEqual({ superseded: true });
    expect(await admitRun(fresh)).toEqual({ moved: true, billedTicks: 1 });
    expect(await billMinute(fresh, 1)).toMatchObject({ charged: true });
    // Stop pressed just before the next tick: the tick, however soon after, is refused.
    await call(stopRoute, { method: "POST", headers, params: { id } });
    expect(await billMinute(fresh, 2)).toEqual({ superseded: true });
    expect(await db.ledgerEntry.count({ where: { meetingId: id, type: "usage" } })).toBe(2);
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).billedTicks).toBe(2);
  });

  it("tells the bot to stop when the credit runs out", async () => {
    const { id, runId, user, agent } = await joinedMeeting(0.03);
    const ref = { meetingId: id, runId, workerId: "w1", userId: user.id, agentId: agent.id };
    await claimRun(ref);
    await admitRun(ref);
    const ticks = [];
    for (let tick = 0; tick < 3; tick++) ticks.push(await billMinute(ref, Math.min(tick, 2)));
    expect(ticks.map((t) => ("mustStop" in t ? t.mustStop : null))).toEqual([false, true, true]);
    expect(ticks[2]).toMatchObject({ charged: false, billed: false, reason: "out_of_credits" });
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).billedTicks).toBe(2);
  });

  it("keeps the roster and provider totals", async () => {
    const { id } = await joinedMeeting();
    await saveParticipants(id, [{ id: "a", name: "Ada" }, { id: "bot", name: "Helper", isAgent: true }]);
    await saveParticipants(id, [{ id: "bot", name: "Helper", isAgent: true }, { id: "g", name: "Grace" }]);
    const people = await db.meetingParticipant.findMany({ where: { meetingId: id }, orderBy: { name: "asc" } });
    expect(people.map((p) => [p.name, p.leftAt !== null])).toEqual([["Ada", true], ["Grace", false], ["Helper", false]]);

    await addProviderUsage(id, { kind: "ai", providerId: "openai", model: "gpt-4o-mini", inputTokens: 100, outputTokens: 20 });
    await addProviderUsage(id, { kind: "ai", providerId: "openai", model: "gpt-4o-mini", inputTokens: 50, outputTokens: 5 });
    await addProviderUsage(id, { kind: "stt", providerId: "deepgram", model: "nova-3", audioMs: 1500.4 });
    const rows = await db.meetingProviderUsage.findMany({ where: { meetingId: id }, orderBy: { kind: "asc" } });
    expect(rows.map((r) => [r.kind, r.inputTokens, r.outputTokens, r.audioMs])).toEqual([["stt", 0, 0, 1500], ["ai", 150, 25, 0]]); // enum order: stt, ai, tts
  });
});
