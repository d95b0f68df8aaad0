import type { CalendarEvent, Prisma } from "../generated/prisma/client.ts";
import { cancelScheduledMeeting, scheduleMeeting, scheduleMeetings, type ScheduleInput } from "../meetings/schedule-meeting.ts";

/** Why a calendar took its meeting away (the meeting's statusReason). */
/** Cancelled in its calendar; removed from its calendar; its calendar was removed; deleted by the user; left out by the calendar's rule or switched off. */
type UnscheduleReason = "calendar_event_cancelled" | "calendar_event_removed" | "calendar_removed" | "calendar_event_deleted" | "calendar_event_skipped";

type EventForMeeting = Pick<CalendarEvent, "id" | "userId" | "agentId" | "title" | "startsAt" | "endsAt" | "meetingUrl" | "platform" | "status" | "deletedAt">;

const scheduleInput = (event: EventForMeeting): ScheduleInput => ({
  userId: event.userId,
  agentId: event.agentId,
  meetingUrl: event.meetingUrl,
  platform: event.platform,
  title: event.title,
  start: event.startsAt,
  end: event.endsAt,
  calendarEventId: event.id,
});

/**
 * Keeps an event's meeting in step with the event, in the caller's transaction: a confirmed event has
 * exactly one meeting at its time and link (scheduled, moved, or adopted from the same agent, link
 * and start); any other event has none that is still to come. Returns the meeting id, if any.
 */
export async function syncEventMeeting(tx: Prisma.TransactionClient, event: EventForMeeting, reason: UnscheduleReason): Promise<string | null> {
  if (event.status === "confirmed" && !event.deletedAt) {
    // A meeting cancelled with its event (cancelled or removed in its calendar, or deleted here and
    // then restored) stays in the history and the event gets a new one. A meeting the user cancelled
    // on its own stays the event's answer.
    await tx.meeting.updateMany({
      where: {
        calendarEventId: event.id,
        status: "cancelled",
        statusReason: { in: ["calendar_event_cancelled", "calendar_event_removed", "calendar_removed", "calendar_event_deleted", "calendar_event_skipped"] },
      },
      data: { calendarEventId: null },
    });
    const meeting = await scheduleMeeting(tx, scheduleInput(event));
    return meeting?.id ?? null;
  }
  const meeting = await tx.meeting.findUnique({ where: { calendarEventId: event.id }, select: { id: true } });
  if (meeting) await cancelScheduledMeeting(tx, meeting.id, event.status === "skipped" ? "calendar_event_skipped" : reason);
  return meeting?.id ?? null;
}

/**
 * The meetings of events an import has just created (they have none yet): the confirmed ones get
 * theirs in one go. Returns the ids of the events that now have a meeting.
 */
export async function scheduleNewEventMeetings(tx: Prisma.TransactionClient, events: EventForMeeting[]): Promise<Set<string>> {
  const confirmed = events.filter((e) => e.status === "confirmed" && !e.deletedAt);
  return new Set((await scheduleMeetings(tx, confirmed.map(scheduleInput))).keys());
}
