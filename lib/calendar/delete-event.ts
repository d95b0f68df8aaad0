import { db } from "../db/client.ts";
import { syncEventMeeting } from "./event-meeting.ts";
import { lockOwnedEvent } from "./owned-event.ts";

/**
 * DELETE …/calendar/events/{eventId}: the agent will not attend. The event is hidden and its meeting
 * cancelled (unless the agent is already in the call); it is kept as deleted so that the next import
 * of its calendar does not bring it back.
 */
export async function deleteEvent(userId: string, agentId: string, eventId: string) {
  return db.$transaction(async (tx) => {
    await lockOwnedEvent(tx, userId, agentId, eventId);
    const deleted = await tx.calendarEvent.update({ where: { id: eventId }, data: { deletedAt: new Date() } });
    await syncEventMeeting(tx, deleted, "calendar_event_deleted");
    return { id: eventId, deleted: true as const };
  });
}
