import { db } from "../db/client.ts";
import { eventDto } from "./event-dto.ts";
import { syncEventMeeting } from "./event-meeting.ts";
import { lockOwnedEvent } from "./owned-event.ts";

/**
 * POST …/calendar/events/{eventId}/restore: undoes a delete. The event is shown again and, when it is
 * confirmed and not over, gets a meeting again (a new one; the cancelled one stays in the history).
 * Only a deleted event can be restored; any other is not found.
 */
export async function restoreEvent(userId: string, agentId: string, eventId: string) {
  return db.$transaction(async (tx) => {
    await lockOwnedEvent(tx, userId, agentId, eventId, { deleted: true });
    const restored = await tx.calendarEvent.update({ where: { id: eventId }, data: { deletedAt: null } });
    await syncEventMeeting(tx, restored, "calendar_event_cancelled");
    return eventDto(tx, eventId);
  });
}
