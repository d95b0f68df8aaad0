import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { GET as listRoute } from "@/app/api/meetings/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { GET as detailsRoute } from "@/app/api/meetings/[id]/details/route";
import { POST as cancelRoute } from "@/app/api/meetings/[id]/cancel/route";
import { POST as startRoute } from "@/app/api/meetings/[id]/start/route";
import { POST as stopRoute } from "@/app/api/meetings/[id]/stop/route";
import { POST as restartRoute } from "@/app/api/meetings/[id]/restart/route";
import { POST as activationRoute } from "@/app/api/meetings/[id]/activation/route";
import { PATCH as agentStatusRoute } from "@/app/api/agents/[id]/status/route";
import { ACCEPTED_LINKS_MESSAGE } from "@/lib/meetings/meeting-url";
import { appUrl } from "@/lib/config";
import { call } from "../http.ts";
import { createUser } from "../users.ts";
import { MEET_URL, startJob, userWithAgent } from "./fixtures.ts";

type Headers = Record<string, string>;
const join = (headers: Headers, body: unknown) => call(joinRoute, { headers, body, path: "/api/meetings/join" });
const act = (route: typeof cancelRoute, headers: Headers, id: string) => call(route, { method: "POST", headers, params: { id } });

describe("POST /api/meetings/join", () => {
  it("sends the agent now: 201 joining, a timeline entry and a start job due now", async () => {
    const { headers, agent } = await userWithAgent();
    const before = Date.now();
    const res = await join(headers, { agentId: agent.id, meetingUrl: "meet.google.com/ABC-DEFG-HIJ?authuser=0", title: "Weekly sync" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      agentId: agent.id,
      agentName: agent.name,
      agentStatus: "active",
      title: "Weekly sync",
      meetingUrl: MEET_URL,
      platform: "meet",
      status: "joining",
      statusReason: null,
      costUsd: 0,
    });
    expect(Object.keys(res.body).sort()).toEqual(
      ["activated", "agentId", "agentName", "agentStatus", "costUsd", "createdAt", "endedAt", "id", "meetingUrl", "platform", "scheduledEnd", "scheduledStart", "startedAt", "status", "statusReason", "title"].sort(),
    );
    const job = await startJob(res.body.id);
    expect(job?.state).toBe("created");
    expect(job!.startAfter.getTime()).toBeLessThanOrEqual(Date.now());
    expect(job!.startAfter.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const meeting = await db.meeting.findUniqueOrThrow({ where: { id: res.body.id }, include: { events: true } });
    expect(job!.data).toEqual({ meetingId: meeting.id, runId: meeting.runId });
    expect(meeting.events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "joining"]]);
  });

  it("schedules a later meeting, its job due the lead time (2 min) before the start", async () => {
    const { headers, agent } = await userWithAgent();
    const startAt = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const res = await join(headers, { agentId: agent.id, meetingUrl: "https://zoom.us/j/123456789?pwd=abc", startAt: startAt.toISOString() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "scheduled", platform: "zoom", meetingUrl: "https://zoom.us/j/123456789?pwd=abc", scheduledStart: startAt.toISOString() });
    const job = await startJob(res.body.id);
    expect(job!.startAfter.toISOString()).toBe(new Date(startAt.getTime() - 120_000).toISOString());
  });

  it.each([
    [{}, "Choose an agent"],
    [{ agentId: "x" }, "Paste the meeting link"],
    [{ agentId: "x", meetingUrl: "https://example.com/meeting" }, ACCEPTED_LINKS_MESSAGE],
    [{ agentId: "x", meetingUrl: "https://meet.google.com/abc-defg-hij", startAt: "tomorrow" }, "The start time must be a date and time (ISO 8601)"],
    [{ agentId: "x", meetingUrl: "https://meet.google.com/abc-defg-hij", startAt: "2020-01-01T10:00:00Z" }, "The start time is in the past"],
    [{ agentId: "x", meetingUrl: "https://meet.google.com/abc-defg-hij", title: "t".repeat(201) }, "The title must be at most 200 characters"],
    [{ agentId: 5, meetingUrl: "https://meet.google.com/abc-defg-hij" }, "Choose an agent"],
  ])("refuses %j with 400 %j and creates nothing", async (body, message) => {
    const { headers, user } = await userWithAgent();
    const res = await join(headers, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_error", message });
    expect(await db.meeting.count({ where: { userId: user.id } })).toBe(0);
  });

  it("accepts a Cohost test room link as platform room, stored canonically", async () => {
    const { headers, agent } = await userWithAgent();
    const room = `${appUrl()}/rooms/${"A".repeat(22)}`;
    const res = await join(headers, { agentId: agent.id, meetingUrl: `${room}/?from=share#top` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ platform: "room", meetingUrl: room, status: "joining" });
    const elsewhere = await join(headers, { agentId: agent.id, meetingUrl: `https://other.example/rooms/${"A".repeat(22)}` });
    expect(elsewhere).toMatchObject({ status: 400, body: { message: ACCEPTED_LINKS_MESSAGE } });
  });

  it("refuses another user's agent (404), a paused agent (409) and an empty balance (402)", async () => {
    const owner = await userWithAgent();
    const other = await userWithAgent();
    const foreign = await join(other.headers, { agentId: owner.agent.id, meetingUrl: MEET_URL });
    expect(foreign).toMatchObject({ status: 404, body: { error: "not_found", message: "Agent not found" } });

    await call(agentStatusRoute, { method: "PATCH", headers: owner.headers, params: { id: owner.agent.id }, body: { status: "paused" } });
    const paused = await join(owner.headers, { agentId: owner.agent.id, meetingUrl: MEET_URL });
    expect(paused).toMatchObject({ status: 409, body: { error: "conflict", message: "This agent is paused. Resume it before sending it to a meeting." } });

    const broke = await userWithAgent({ creditUsd: 0 });
    const noCredit = await join(broke.headers, { agentId: broke.agent.id, meetingUrl: MEET_URL });
    expect(noCredit).toMatchObject({ status: 402, body: { error: "payment_required", message: "Your credit balance is empty. Top up to send an agent to a meeting." } });
    expect(await db.meeting.count({ where: { userId: { in: [owner.user.id, broke.user.id] } } })).toBe(0);
  });

  it("refuses a second bot for a meeting the agent is in or scheduled for, even when both requests race", async () => {
    const { headers, agent, user } = await userWithAgent();
    const results = await Promise.all([1, 2, 3].map(() => join(headers, { agentId: agent.id, meetingUrl: MEET_URL })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe("This agent is already in this meeting.");

    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    expect((await join(headers, { agentId: agent.id, meetingUrl: "https://zoom.us/j/123456789", startAt: later })).status).toBe(201);
    const again = await join(headers, { agentId: agent.id, meetingUrl: "zoom.us/j/123456789?uname=x", startAt: new Date(Date.parse(later) + 10 * 60_000).toISOString() });
    expect(again).toMatchObject({ status: 409, body: { message: "This agent is already scheduled for this meeting. Start that meeting instead." } });
    // The same link a week later is another meeting (a weekly series).
    const nextWeek = new Date(Date.parse(later) + 7 * 24 * 3600_000).toISOString();
    expect((await join(headers, { agentId: agent.id, meetingUrl: "https://zoom.us/j/123456789", startAt: nextWeek })).status).toBe(201);
    expect(await db.meeting.count({ where: { userId: user.id } })).toBe(3);
  });
});

describe("meeting actions", () => {
  async function scheduled() {
    const ctx = await userWithAgent();
    const res = await join(ctx.headers, { agentId: ctx.agent.id, meetingUrl: MEET_URL, startAt: new Date(Date.now() + 3600_000).toISOString() });
    return { ...ctx, id: res.body.id as string };
  }

  it("cancel: scheduled → cancelled with the start job withdrawn; cancelling again names the status", async () => {
    const { headers, id } = await scheduled();
    const job = await startJob(id);
    const res = await act(cancelRoute, headers, id);
    expect(res).toMatchObject({ status: 200, body: { id, status: "cancelled", statusReason: "user_cancelled" } });
    const [withdrawn] = await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE id = ${job!.id}::uuid`;
    expect(withdrawn.state).toBe("cancelled");
    const again = await act(cancelRoute, headers, id);
    expect(again).toMatchObject({ status: 409, body: { error: "conflict", message: "The meeting is cancelled, so it cannot be cancelled." } });
  });

  it("start: scheduled → joining now with a new run; the scheduled job is replaced", async () => {
    const { headers, id } = await scheduled();
    const first = await startJob(id);
    const before = await db.meeting.findUniqueOrThrow({ where: { id } });
    const res = await act(startRoute, headers, id);
    expect(res.body).toMatchObject({ status: "joining" });
    const after = await db.meeting.findUniqueOrThrow({ where: { id } });
    expect(after.runId).not.toBe(before.runId);
    const job = await startJob(id);
    expect(job!.data.runId).toBe(after.runId);
    expect(job!.startAfter.getTime()).toBeLessThanOrEqual(Date.now());
    const [old] = await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE id = ${first!.id}::uuid`;
    expect(old.state).toBe("cancelled");
    expect(await act(startRoute, headers, id)).toMatchObject({ status: 409, body: { message: "The meeting is joining, so it cannot be started." } });
  });

  it("stop: a live meeting → completed (user_stopped); a scheduled one cannot be stopped", async () => {
    const { headers, id } = await scheduled();
    expect(await act(stopRoute, headers, id)).toMatchObject({ status: 409, body: { message: "The meeting is scheduled, so it cannot be stopped." } });
    await act(startRoute, headers, id);
    await db.meeting.update({ where: { id }, data: { status: "in_progress" } });
    const res = await act(stopRoute, headers, id);
    expect(res.body).toMatchObject({ status: "completed", statusReason: "user_stopped" });
    expect(res.body.endedAt).not.toBeNull();
    expect(await act(cancelRoute, headers, id)).toMatchObject({ status: 409, body: { message: "The meeting is completed, so it cannot be cancelled." } });
  });

  it("restart: a finished meeting joins again with a new run; a scheduled one is started instead", async () => {
    const { headers, id } = await scheduled();
    expect(await act(restartRoute, headers, id)).toMatchObject({ status: 409, body: { message: "The meeting is scheduled, so it cannot be restarted." } });
    // Called off before it began, it still says when (the Past list is ordered by it).
    expect((await act(cancelRoute, headers, id)).body.endedAt).not.toBeNull();
    const res = await act(restartRoute, headers, id);
    expect(res.body).toMatchObject({ status: "joining", statusReason: "restart_requested", endedAt: null });
    const events = await db.meetingEvent.findMany({ where: { meetingId: id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => `${e.fromStatus ?? "∅"}→${e.toStatus}`)).toEqual(["∅→scheduled", "scheduled→cancelled", "cancelled→joining"]);
  });

  it("start and restart need an active agent and credit", async () => {
    const { headers, id, agent, user } = await scheduled();
    await call(agentStatusRoute, { method: "PATCH", headers, params: { id: agent.id }, body: { status: "paused" } });
    expect(await act(startRoute, headers, id)).toMatchObject({ status: 409, body: { message: "This agent is paused. Resume it before sending it to a meeting." } });
    await call(agentStatusRoute, { method: "PATCH", headers, params: { id: agent.id }, body: { status: "active" } });
    await db.creditAccount.update({ where: { userId: user.id }, data: { balanceMicros: 0n } });
    expect(await act(startRoute, headers, id)).toMatchObject({ status: 402, body: { error: "payment_required" } });
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
  });

  it("activation toggles and is recorded on the timeline", async () => {
    const { headers, id } = await scheduled();
    const on = await call(activationRoute, { headers, params: { id }, body: { active: true } });
    expect(on.body).toMatchObject({ id, activated: true });
    const bad = await call(activationRoute, { headers, params: { id }, body: { active: "yes" } });
    expect(bad).toMatchObject({ status: 400, body: { message: "active must be true or false" } });
    const events = await db.meetingEvent.findMany({ where: { meetingId: id, reason: "activated" } });
    expect(events).toHaveLength(1);
  });

  it("another user's meeting is not found for every action and the details", async () => {
    const { id } = await scheduled();
    const stranger = await createUser();
    for (const route of [cancelRoute, startRoute, stopRoute, restartRoute]) {
      expect(await act(route, stranger.headers, id)).toMatchObject({ status: 404, body: { error: "not_found", message: "Meeting not found" } });
    }
    expect(await call(detailsRoute, { headers: stranger.headers, params: { id } })).toMatchObject({ status: 404 });
    expect(await call(activationRoute, { headers: stranger.headers, params: { id }, body: { active: true } })).toMatchObject({ status: 404 });
    expect((await db.meeting.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
  });
});

describe("GET /api/meetings and details", () => {
  it("lists newest first with agent and status filters and pages, never another user's", async () => {
    const { headers, agent, user } = await userWithAgent();
    const second = await (await import("@/lib/agents/create-agent")).createAgent(user.id, { ...(await import("../agents/fixtures.ts")).validAgent(), name: "Second" });
    const starts = [1, 2, 3].map((h) => new Date(Date.now() + h * 24 * 3600_000).toISOString());
    for (const startAt of starts) await join(headers, { agentId: agent.id, meetingUrl: MEET_URL, startAt });
    await join(headers, { agentId: second.id, meetingUrl: "https://zoom.us/j/987654321" });
    await userWithAgent().then((o) => join(o.headers, { agentId: o.agent.id, meetingUrl: MEET_URL }));

    const all = await call(listRoute, { headers, path: "/api/meetings" });
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
    expect(all.body.meetings.map((m: { scheduledStart: string }) => m.scheduledStart).slice(0, 3)).toEqual([...starts].reverse());

    const byAgent = await call(listRoute, { headers, path: `/api/meetings?agent_id=${second.id}` });
    expect(byAgent.body.meetings).toHaveLength(1);
    expect(byAgent.body.meetings[0]).toMatchObject({ agentName: "Second", status: "joining", platform: "zoom" });

    const page2 = await call(listRoute, { headers, path: "/api/meetings?status=scheduled&page=2&limit=2" });
    expect(page2.body.meetings).toHaveLength(1);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    const bad = await call(listRoute, { headers, path: "/api/meetings?status=done" });
    expect(bad).toMatchObject({ status: 400, body: { message: "status must be one of scheduled, joining, waiting_room, in_progress, completed, cancelled, failed" } });
  });

  it("Upcoming: live meetings on top, then the soonest; Past: latest ended first; search by words of the title", async () => {
    const { headers, agent, user } = await userWithAgent();
    const day = 24 * 3600_000;
    const make = (title: string, status: "scheduled" | "in_progress" | "joining" | "completed" | "cancelled" | "failed", startInDays: number, endedDaysAgo?: number) =>
      db.meeting.create({
        data: {
          userId: user.id,
          agentId: agent.id,
          title,
          meetingUrl: MEET_URL,
          platform: "meet",
          status,
          scheduledStart: new Date(Date.now() + startInDays * day),
          endedAt: endedDaysAgo === undefined ? null : new Date(Date.now() - endedDaysAgo * day),
        },
      });
    // A weekly series imported far ahead must not bury today's meetings.
    for (let week = 8; week >= 1; week--) await make(`Weekly planning ${week}`, "scheduled", week * 7);
    await make("Board review", "scheduled", 0.1);
    await make("Live stand-up", "in_progress", -0.01);
    await make("Joining retro", "joining", 0);
    await make("Old completed", "completed", -10, 10);
    await make("Yesterday failed", "failed", -1, 1);
    // Cancelled today although it was due next month: today's news in Past.
    await make("Cancelled offsite", "cancelled", 30, 0);

    const titles = async (path: string) => ((await call(listRoute, { headers, path })).body.meetings as { title: string }[]).map((m) => m.title);
    expect(await titles("/api/meetings?view=upcoming&limit=4")).toEqual(["Live stand-up", "Joining retro", "Board review", "Weekly planning 1"]);
    expect(await titles("/api/meetings?view=past")).toEqual(["Cancelled offsite", "Yesterday failed", "Old completed"]);
    expect(await titles("/api/meetings?view=upcoming&q=WEEKLY%20planning%208")).toEqual(["Weekly planning 8"]);
    expect(await titles("/api/meetings?view=past&q=weekly")).toEqual([]);
    // A status outside the view matches nothing; inside it, it narrows.
    expect(await titles("/api/meetings?view=past&status=scheduled")).toEqual([]);
    expect(await titles("/api/meetings?view=upcoming&status=in_progress")).toEqual(["Live stand-up"]);
    const bad = await call(listRoute, { headers, path: "/api/meetings?view=soon" });
    expect(bad).toMatchObject({ status: 400, body: { message: "view must be one of upcoming, past" } });
  });

  it("details carry the timeline, participants, transcript, billed usage and turn metrics", async () => {
    const { headers, agent, user } = await userWithAgent();
    const { body } = await join(headers, { agentId: agent.id, meetingUrl: MEET_URL });
    const id = body.id;
    await db.meetingParticipant.create({ data: { meetingId: id, externalId: "p1", name: "Grace" } });
    await db.transcriptSegment.createMany({
      data: [
        { meetingId: id, speaker: "Grace", text: "Hey Cohost, what is next?", startMs: 1000, endMs: 2500 },
        { meetingId: id, speaker: agent.name, isAgent: true, text: "The roadmap review.", startMs: 3200, endMs: 4700 },
      ],
    });
    const { recordUsage } = await import("@/lib/billing/usage");
    await recordUsage({ userId: user.id, meetingId: id, agentId: agent.id, tick: 0 });
    await recordUsage({ userId: user.id, meetingId: id, agentId: agent.id, tick: 1 });
    await recordUsage({ userId: user.id, meetingId: id, agentId: agent.id, tick: 1 });
    await db.meetingProviderUsage.create({ data: { meetingId: id, kind: "stt", providerId: "deepgram", model: "nova-3", audioMs: 61_250 } });
    await db.meetingTurn.create({ data: { meetingId: id, turnId: 1, transcriptMs: 180, llmFirstTokenMs: 320, ttsFirstAudioMs: 140, voiceToVoiceMs: 700 } });

    const res = await call(detailsRoute, { headers, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "joining", manualActivation: false });
    expect(res.body.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(["joining"]);
    expect(res.body.participants).toMatchObject([{ name: "Grace", isAgent: false, leftAt: null }]);
    expect(res.body.transcript.map((s: { text: string }) => s.text)).toEqual(["Hey Cohost, what is next?", "The roadmap review."]);
    expect(res.body.usage.billedMinutes).toBe(2);
    expect(res.body.usage.costUsd).toBeGreaterThan(0);
    expect(res.body.costUsd).toBe(res.body.usage.costUsd);
    expect(res.body.usage.providers).toEqual([{ kind: "stt", providerId: "deepgram", model: "nova-3", audioSeconds: 61.3, inputTokens: 0, outputTokens: 0, characters: 0 }]);
    expect(res.body.turns).toMatchObject([{ turnId: 1, voiceToVoiceMs: 700, interrupted: false }]);
  });
});
