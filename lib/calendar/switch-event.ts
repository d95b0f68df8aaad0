import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { eventDto } from "./event-dto.ts";
import { syncEventMeeting } from "./event-meeting.ts";
import { joinStatus } from "./join-rule.ts";
import { AGENT_RULES } from "./import-window.ts";
import { lockOwnedEvent } from "./owned-event.ts";
import { switchEventSchema } from "./schema.ts";

/**
 * PATCH …/calendar/events/{eventId} {join}: the user's switch for one event over its calendar's rule
 * (true: join it, false: don't, null: the rule decides again). Switched on, the agent's access and
 * confirmation rules still apply (blocked, pending); the meeting follows at once.
 */
export async function switchEvent(userId: string, agentId: string, eventId: string, body: unknown) {
  const { join } = parseWith(switchEventSchema, body);
  return db.$transaction(async (tx) => {
    const event = await lockOwnedEvent(tx, userId, agentId, eventId);
    if (event.status === "cancelled") throw new AppError("conflict", "This event was cancelled in its calendar, so it cannot be switched on or off.");
    const { agent } = await tx.calendarEvent.findUniqueOrThrow({ where: { id: eventId }, select: AGENT_RULES });
    const status = joinStatus(agent, { ...event, status: event.status === "skipped" ? null : event.status, joinOverride: join });
    const updated = await tx.calendarEvent.update({ where: { id: eventId }, data: { joinOverride: join, status } });
    await syncEventMeeting(tx, updated, "calendar_event_cancelled");
    return eventDto(tx, eventId);
  });
}
