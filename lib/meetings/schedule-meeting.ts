import { randomUUID } from "node:crypto";
import { chunks } from "../db/chunks.ts";
import { insertMany } from "../db/insert-many.ts";
import type { MeetingPlatform, Prisma } from "../generated/prisma/client.ts";
import { recordMeetingsScheduled } from "./meeting-events.ts";
import { enqueueRun, enqueueRuns, withdrawRun } from "./enqueue-run.ts";
import { launchTime } from "./join-lead.ts";
import { notifyWorker } from "./run-checks.ts";
import { transitionMeeting } from "./transitions.ts";
import { OPEN_STATUSES } from "./status.ts";

// Meetings that calendars schedule (lib/calendar): one meeting per confirmed calendar event, keyed by
// the event and by agent + link + start, kept in step when the event moves or is cancelled. Every
// function takes the caller's transaction, so an import and its meetings commit together.

export interface ScheduleInput {
  userId: string;
  agentId: string;
  /** Canonical link (lib/meetings/meeting-url.ts). */
  meetingUrl: string;
  platform: MeetingPlatform;
  title: string;
  start: Date;
  end: Date | null;
  calendarEventId: string;
}

/** Each agent's own lead time in minutes (null: the operator's), read when its meetings get their start jobs. */
async function joinLeads(tx: Prisma.TransactionClient, agentIds: string[]): Promise<Map<string, number | null>> {
  const agents = await tx.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, joinLeadMinutes: true } });
  return new Map(agents.map((a) => [a.id, a.joinLeadMinutes]));
}

/**
 * The meeting for a confirmed calendar event: the one it already has (moved if its time changed), an
 * open meeting of the same agent, link and start (adopted), or a new scheduled one. An event that has
 * already ended gets none (null).
 */
export async function scheduleMeeting(tx: Prisma.TransactionClient, input: ScheduleInput): Promise<{ id: string } | null> {
  return (await scheduleMeetings(tx, [input])).get(input.calendarEventId) ?? null;
}

/**
 * scheduleMeeting for many events at once (a calendar's first import brings hundreds): the lookups,
 * the new meetings, their first timeline entries and their start jobs are one statement each.
 * Returns each event's meeting (absent when the event has already ended).
 */
export async function scheduleMeetings(tx: Prisma.TransactionClient, inputs: ScheduleInput[]): Promise<Map<string, { id: string }>> {
  const result = new Map<string, { id: string }>();
  if (inputs.length === 0) return result;
  // In a stable order, so two transactions scheduling for the same agents never wait on each other in a cycle.
  for (const agentId of [...new Set(inputs.map((i) => i.agentId))].sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meeting-join:${agentId}`}))`;
  }
  const byEvent = new Map(inputs.map((i) => [i.calendarEventId, i]));
  for (const existing of await tx.meeting.findMany({ where: { calendarEventId: { in: [...byEvent.keys()] } }, select: { id: true, calendarEventId: true } })) {
    await rescheduleMeeting(tx, existing.id, byEvent.get(existing.calendarEventId!)!);
    result.set(existing.calendarEventId!, { id: existing.id });
  }
  const rest = inputs.filter((i) => !result.has(i.calendarEventId));
  if (rest.length === 0) return result;

  const slot = (agentId: string | null, url: string, start: Date) => `${agentId}\u0000${url}\u0000${start.toISOString()}`;
  const open = await tx.meeting.findMany({
    where: { agentId: { in: [...new Set(rest.map((i) => i.agentId))] }, scheduledStart: { in: rest.map((i) => i.start) }, status: { in: [...OPEN_STATUSES] } },
    select: { id: true, agentId: true, meetingUrl: true, scheduledStart: true },
  });
  const openBySlot = new Map(open.map((m) => [slot(m.agentId, m.meetingUrl, m.scheduledStart), m]));
  const toCreate: ScheduleInput[] = [];
  for (const input of rest) {
    const same = openBySlot.get(slot(input.agentId, input.meetingUrl, input.start));
    if (same) {
      openBySlot.delete(slot(input.agentId, input.meetingUrl, input.start));
      await tx.meeting.update({ where: { id: same.id }, data: { calendarEventId: input.calendarEventId } });
      result.set(input.calendarEventId, { id: same.id });
    } else if ((input.end ?? input.start).getTime() > Date.now()) {
      toCreate.push(input);
    }
  }

  const leads = await joinLeads(tx, [...new Set(toCreate.map((i) => i.agentId))]);
  const runs = new Map(toCreate.map((i) => [i.calendarEventId, { runId: randomUUID(), jobId: randomUUID(), startAfter: launchTime(i.start, leads.get(i.agentId)) }]));
  for (const batch of chunks(toCreate)) {
    const created = await insertMany<{ id: string; calendarEventId: string | null; userId: string; agentId: string | null }>(
      tx,
      "Meeting",
      batch.map((i) => ({
        userId: i.userId,
        agentId: i.agentId,
        title: i.title,
        meetingUrl: i.meetingUrl,
        platform: i.platform,
        status: "scheduled" as const,
        scheduledStart: i.start,
        scheduledEnd: i.end,
        calendarEventId: i.calendarEventId,
        runId: runs.get(i.calendarEventId)!.runId,
        jobId: runs.get(i.calendarEventId)!.jobId,
      })),
    );
    await insertMany(tx, "MeetingEvent", created.map((m) => ({ meetingId: m.id, fromStatus: null, toStatus: "scheduled", reason: "calendar" })));
    await recordMeetingsScheduled(tx, created, "calendar");
    await enqueueRuns(
      tx,
      created.map((m) => ({ meetingId: m.id, ...runs.get(m.calendarEventId!)! })),
    );
    for (const m of created) result.set(m.calendarEventId!, { id: m.id });
  }
  return result;
}

/**
 * Follows a calendar event's new time and title. A meeting that is still scheduled gets a new run at
 * the new time, launched by the agent's lead time as it is now (its old start job is withdrawn); one
 * already running or over keeps its run. An event that did not move keeps its start job as it was.
 */
export async function rescheduleMeeting(tx: Prisma.TransactionClient, meetingId: string, input: Pick<ScheduleInput, "start" | "end" | "title" | "meetingUrl" | "platform">): Promise<void> {
  const meeting = await tx.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { status: true, scheduledStart: true, meetingUrl: true, jobId: true, agentId: true } });
  if (meeting.status !== "scheduled") {
    await tx.meeting.update({ where: { id: meetingId }, data: { title: input.title, scheduledEnd: input.end } });
    return;
  }
  const moved = meeting.scheduledStart.getTime() !== input.start.getTime() || meeting.meetingUrl !== input.meetingUrl;
  await tx.meeting.update({
    where: { id: meetingId },
    data: { title: input.title, scheduledStart: input.start, scheduledEnd: input.end, meetingUrl: input.meetingUrl, platform: input.platform },
  });
  if (!moved) return;
  await withdrawRun(tx, meeting.jobId);
  const runId = randomUUID();
  await tx.meeting.update({ where: { id: meetingId }, data: { runId } });
  await tx.meetingEvent.create({ data: { meetingId, fromStatus: "scheduled", toStatus: "scheduled", reason: "rescheduled" } });
  const leads = meeting.agentId ? await joinLeads(tx, [meeting.agentId]) : new Map<string, number | null>();
  await enqueueRun(tx, meetingId, runId, launchTime(input.start, meeting.agentId ? leads.get(meeting.agentId) : null));
}

/**
 * Cancels a meeting whose calendar event was cancelled or removed, unless the bot is already in the
 * call (then the meeting runs on: the people are there). Returns whether it was cancelled.
 */
export async function cancelScheduledMeeting(tx: Prisma.TransactionClient, meetingId: string, reason: string): Promise<boolean> {
  const meeting = await tx.meeting.findUnique({ where: { id: meetingId }, select: { status: true } });
  if (!meeting || !["scheduled", "joining", "waiting_room"].includes(meeting.status)) return false;
  const t = await transitionMeeting(tx, meetingId, { to: "cancelled", from: ["scheduled", "joining", "waiting_room"], reason, verb: "cancelled" });
  await withdrawRun(tx, t.jobId);
  await notifyWorker(tx, meetingId);
  return true;
}
