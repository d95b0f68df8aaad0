import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as stopRoute } from "@/app/api/meetings/[id]/stop/route";
import { POST as restartRoute } from "@/app/api/meetings/[id]/restart/route";
import { addProviderUsage, billNextMinute, claimRun, heartbeat, moveRun, saveParticipants } from "@/lib/meetings/bot-runs";
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

  it("a stop or restart ends the old run: its heartbeat answers null and its moves are refused", async () => {
    const { id, runId, headers } = await joinedMeeting();
    const ref = { meetingId: id, runId, workerId: "w1" };
    expect((await claimRun(ref)).claimed).toBe(true);
    expect(await heartbeat(ref)).toEqual({ status: "joining", activated: false });
    expect(await moveRun(ref, "in_progress", "admitted")).toBe(true);

    await call(restartRoute, { method: "POST", headers, params: { id } });
    expect(await heartbeat(ref)).toBeNull();
    expect(await moveRun(ref, "failed", "provider_error")).toBe(false);
    const current = await db.meeting.findUniqueOrThrow({ where: { id } });
    expect(current).toMatchObject({ status: "joining", workerId: null });
    expect(await claimRun(ref)).toEqual({ claimed: false, reason: "superseded" });

    const next = { meetingId: id, runId: current.runId!, workerId: "w2" };
    expect((await claimRun(next)).claimed).toBe(true);
    await call(stopRoute, { method: "POST", headers, params: { id } });
    expect(await heartbeat(next)).toBeNull();
  });

  it("bills each started minute once, also when a tick is retried after a crash", async () => {
    const { id, runId, user, agent } = await joinedMeeting(1);
    const ref = { meetingId: id, runId, workerId: "w1", userId: user.id, agentId: agent.id };
    await claimRun(ref);
    const first = await billNextMinute(ref);
    expect(first.charged).toBe(true);
    // A crash after the debit but before the count moved: the retry bills the same tick, not a new one.
    await db.meeting.update({ where: { id }, data: { billedTicks: 0 } });
    expect((await billNextMinute(ref)).charged).toBe(false);
    expect((await billNextMinute(ref)).charged).toBe(true);
    const entries = await db.ledgerEntry.findMany({ where: { meetingId: id, type: "usage" } });
    expect(entries.map((e) => e.idempotencyKey).sort()).toEqual([`usage:${id}:0`, `usage:${id}:1`]);
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).billedTicks).toBe(2);
  });

  it("tells the bot to stop when the credit runs out", async () => {
    const { id, runId, user, agent } = await joinedMeeting(0.03);
    const ref = { meetingId: id, runId, workerId: "w1", userId: user.id, agentId: agent.id };
    await claimRun(ref);
    const ticks = [];
    for (let i = 0; i < 3; i++) ticks.push(await billNextMinute(ref));
    expect(ticks.map((t) => t.mustStop)).toEqual([false, true, true]);
    expect(ticks[2]).toMatchObject({ charged: false, reason: "out_of_credits" });
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
