import type { CalendarEvent, Prisma } from "../generated/prisma/client.ts";
import { cancelScheduledMeeting, scheduleMeeting } from "../meetings/schedule-meeting.ts";

/** Why a calendar took its meeting away (the meeting's statusReason). */
/** Cancelled in its calendar; removed from its calendar; its calendar was removed; deleted by the user. */
type UnscheduleReason = "calendar_event_cancelled" | "calendar_event_removed" | "calendar_removed" | "calendar_event_deleted";

type EventForMeeting = Pick<CalendarEvent, "id" | "userId" | "agentId" | "title" | "startsAt" | "endsAt" | "meetingUrl" | "platform" | "status" | "deletedAt">;

/**
 * Keeps an event's meeting in step with the event, in the caller's transaction: a confirmed event has
 * exactly one meeting at its time and link (scheduled, moved, or adopted from the same agent, link
 * and start); any other event has none that is still to come. Returns the meeting id, if any.
 */
export async function syncEventMeeting(tx: Prisma.TransactionClient, event: EventForMeeting, reason: UnscheduleReason): Promise<string | null> {
  if (event.status === "confirmed" && !event.deletedAt) {
    // A meeting the calendar cancelled (the event was cancelled or removed, then re-instated) stays in
    // the history and the event gets a new one. One the user cancelled stays the event's answer.
    await tx.meeting.updateMany({
      where: { calendarEventId: event.id, status: "cancelled", statusReason: { in: ["calendar_event_cancelled", "calendar_event_removed", "calendar_removed"] } },
      data: { calendarEventId: null },
    });
    const meeting = await scheduleMeeting(tx, {
      userId: event.userId,
      agentId: event.agentId,
      meetingUrl: event.meetingUrl,
      platform: event.platform,
      title: event.title,
      start: event.startsAt,
      end: event.endsAt,
      calendarEventId: event.id,
    });
    return meeting?.id ?? null;
  }
  const meeting = await tx.meeting.findUnique({ where: { calendarEventId: event.id }, select: { id: true } });
  if (meeting) await cancelScheduledMeeting(tx, meeting.id, reason);
  return meeting?.id ?? null;
}
