import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { eventDto } from "./event-dto.ts";
import { syncEventMeeting } from "./event-meeting.ts";
import { lockOwnedEvent } from "./owned-event.ts";

/**
 * POST …/calendar/events/{eventId}/confirm: the user sends the agent to this meeting. Works for a
 * pending event and for a blocked one (the owner overrides access control for this invitation);
 * confirming again changes nothing and never makes a second meeting.
 */
export async function confirmEvent(userId: string, agentId: string, eventId: string) {
  return db.$transaction(async (tx) => {
    const event = await lockOwnedEvent(tx, userId, agentId, eventId);
    if (event.status === "cancelled") throw new AppError("conflict", "This event was cancelled in its calendar, so it cannot be confirmed.");
    if ((event.endsAt ?? event.startsAt).getTime() <= Date.now()) throw new AppError("conflict", "This event is over, so it cannot be confirmed.");
    // Confirming an event the calendar's rule left out switches it on for good (the next import keeps it).
    const switchOn = event.status === "skipped" ? { joinOverride: true } : {};
    const confirmed = event.status === "confirmed" ? event : await tx.calendarEvent.update({ where: { id: eventId }, data: { status: "confirmed", ...switchOn } });
    await syncEventMeeting(tx, confirmed, "calendar_event_cancelled");
    return eventDto(tx, eventId);
  });
}
