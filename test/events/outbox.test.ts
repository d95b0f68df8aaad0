import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { applyEntry } from "@/lib/billing/ledger";
import { usdToMicros } from "@/lib/billing/money";
import { db } from "@/lib/db/client";
import { saveTranscriptSegment } from "@/lib/meetings/bot-runs";
import { transitionMeeting } from "@/lib/meetings/transitions";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { agentCalendar, deleteCalendar, updateEvent, upload } from "../calendar/api.ts";
import { at, MEET, vcalendar } from "../calendar/ics.ts";
import { MEET_URL, userWithAgent } from "../meetings/fixtures.ts";

// The outbox: each change writes its event in its own transaction, with the data receivers get.
const eventsOf = (userId: string, type?: string) =>
  db.apiEvent.findMany({ where: { userId, ...(type ? { type } : {}) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("events in the outbox", () => {
  it("meetings: each status change and transcript segment, numbered in the meeting's stream", async () => {
    const ctx = await userWithAgent();
    const res = await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } });
    const meetingId = res.body.id;
    // The session's clock starts when the meeting did, so its times are the times into the meeting.
    const startedAt = new Date("2026-11-25T10:00:00Z");
    await db.meeting.update({ where: { id: meetingId }, data: { startedAt } });
    await saveTranscriptSegment(meetingId, { speaker: "Grace", speakerId: null, isAgent: false, text: "Hello agent", startMs: 1000.4, endMs: 2500 }, startedAt.getTime());
    await db.$transaction((tx) => transitionMeeting(tx, meetingId, { to: "failed", reason: "provider_error", verb: "failed" }));

    const events = await db.apiEvent.findMany({ where: { meetingId }, orderBy: [{ meetingSeq: "asc" }, { createdAt: "asc" }] });
    expect(events.map((e) => [e.type, e.meetingSeq])).toEqual([
      ["meeting.status_changed", 1],
      ["meeting.transcript.segment", 2],
      ["meeting.status_changed", 3],
      ["meeting.ended", null],
    ]);
    const segment = await db.transcriptSegment.findFirstOrThrow({ where: { meetingId } });
    expect(events[1].data).toEqual({ meetingId, segment: { id: segment.id, speaker: "Grace", isAgent: false, text: "Hello agent", startMs: 1000, endMs: 2500, interrupted: false, chat: false } });
    expect(events[2].data).toEqual({ meetingId, agentId: ctx.agent.id, fromStatus: "joining", status: "failed", reason: "provider_error" });
    expect(events[3].data).toEqual({ meetingId, agentId: ctx.agent.id, status: "failed", reason: "provider_error" });
    expect(events.every((e) => e.userId === ctx.user.id)).toBe(true);
  });

  it("a change that rolls back leaves no event", async () => {
    const ctx = await userWithAgent();
    const meetingId = (await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: MEET_URL } })).body.id;
    await expect(
      db.$transaction(async (tx) => {
        await transitionMeeting(tx, meetingId, { to: "in_progress", verb: "moved" });
        throw new Error("the caller failed after the transition");
      }),
    ).rejects.toThrow("the caller failed");
    expect((await db.apiEvent.findMany({ where: { meetingId } })).map((e) => e.type)).toEqual(["meeting.status_changed"]);
  });

  it("calendars: events created, updated and cancelled, with their status", async () => {
    const ctx = await userWithAgent();
    const start = at(2, 3);
    const uploaded = await upload(ctx.headers, vcalendar([{ uid: `u-${randomUUID()}`, start, title: "Planning", location: MEET }]), { agentId: ctx.agent.id });
    expect(uploaded.status).toBe(201);
    const [event] = (await agentCalendar(ctx.headers, ctx.agent.id)).body.events;
    await updateEvent(ctx.headers, ctx.agent.id, event.id, { title: "Planning (moved)" });
    await deleteCalendar(ctx.headers, uploaded.body.id);

    const events = await eventsOf(ctx.user.id, "calendar.event");
    expect(events.map((e) => [(e.data as { action: string }).action, (e.data as { event: { status: string; title: string } }).event.title])).toEqual([
      ["created", "Planning"],
      ["updated", "Planning (moved)"],
      ["cancelled", "Planning (moved)"],
    ]);
    expect((events[0].data as { event: unknown }).event).toEqual({
      id: event.id,
      agentId: ctx.agent.id,
      title: "Planning",
      description: null,
      organizerEmail: null,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3600_000).toISOString(),
      meetingUrl: MEET,
      platform: "meet",
      status: "confirmed",
      deleted: false,
    });
  });

  it("billing: a top-up, and the balance falling below the low-balance threshold once per crossing", async () => {
    const { user } = await createUser();
    const entry = (type: "topup" | "usage", usd: number) =>
      applyEntry({ userId: user.id, type, amountMicros: usdToMicros(usd), idempotencyKey: `t:${randomUUID()}`, ...(type === "usage" ? { action: "agent_minute" } : {}) });
    await entry("topup", 6);
    await entry("usage", -0.5); // 5.50: above $5
    await entry("usage", -1); // 4.50: below, once
    await entry("usage", -1); // 3.50: still below, no second event
    await entry("topup", 10); // 13.50
    await entry("usage", -9); // 4.50: below again

    const events = await eventsOf(user.id);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["billing.topup_succeeded", { topUpId: null, method: "topup", amountUsd: 6, balanceUsd: 6 }],
      ["billing.balance_low", { balanceUsd: 4.5, thresholdUsd: 5 }],
      ["billing.topup_succeeded", { topUpId: null, method: "topup", amountUsd: 10, balanceUsd: 13.5 }],
      ["billing.balance_low", { balanceUsd: 4.5, thresholdUsd: 5 }],
    ]);
  });
});
