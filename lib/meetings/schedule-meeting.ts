import { randomUUID } from "node:crypto";
import { meetingJoinLeadSeconds } from "../config.ts";
import type { MeetingPlatform, Prisma } from "../generated/prisma/client.ts";
import { recordStatusChange } from "../events/meeting-events.ts";
import { enqueueRun, withdrawRun } from "./enqueue-run.ts";
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

function launchTime(start: Date): Date {
  return new Date(Math.max(Date.now(), start.getTime() - meetingJoinLeadSeconds() * 1000));
}

/**
 * The meeting for a confirmed calendar event: the one it already has (moved if its time changed), an
 * open meeting of the same agent, link and start (adopted), or a new scheduled one. An event that has
 * already ended gets none (null).
 */
export async function scheduleMeeting(tx: Prisma.TransactionClient, input: ScheduleInput): Promise<{ id: string } | null> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meeting-join:${input.agentId}`}))`;
  const existing = await tx.meeting.findUnique({ where: { calendarEventId: input.calendarEventId }, select: { id: true } });
  if (existing) {
    await rescheduleMeeting(tx, existing.id, input);
    return existing;
  }
  const same = await tx.meeting.findFirst({
    where: { agentId: input.agentId, meetingUrl: input.meetingUrl, scheduledStart: input.start, status: { in: [...OPEN_STATUSES] } },
    select: { id: true },
  });
  if (same) {
    await tx.meeting.update({ where: { id: same.id }, data: { calendarEventId: input.calendarEventId } });
    return same;
  }
  const endsBy = input.end ?? input.start;
  if (endsBy.getTime() <= Date.now()) return null;

  const runId = randomUUID();
  const meeting = await tx.meeting.create({
    data: {
      userId: input.userId,
      agentId: input.agentId,
      title: input.title,
      meetingUrl: input.meetingUrl,
      platform: input.platform,
      status: "scheduled",
      scheduledStart: input.start,
      scheduledEnd: input.end,
      calendarEventId: input.calendarEventId,
      runId,
      events: { create: { fromStatus: null, toStatus: "scheduled", reason: "calendar" } },
    },
    select: { id: true },
  });
  await recordStatusChange(tx, { id: meeting.id, userId: input.userId, agentId: input.agentId }, null, "scheduled", "calendar");
  await enqueueRun(tx, meeting.id, runId, launchTime(input.start));
  return meeting;
}

/**
 * Follows a calendar event's new time and title. A meeting that is still scheduled gets a new run at
 * the new time (its old start job is withdrawn); one already running or over keeps its run.
 */
export async function rescheduleMeeting(tx: Prisma.TransactionClient, meetingId: string, input: Pick<ScheduleInput, "start" | "end" | "title" | "meetingUrl" | "platform">): Promise<void> {
  const meeting = await tx.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { status: true, scheduledStart: true, meetingUrl: true, jobId: true } });
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
  await enqueueRun(tx, meetingId, runId, launchTime(input.start));
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
