import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { ACCEPTED_LINKS_MESSAGE, parseMeetingUrl } from "../meetings/meeting-url.ts";
import { eventDto } from "./event-dto.ts";
import { syncEventMeeting } from "./event-meeting.ts";
import { lockOwnedEvent } from "./owned-event.ts";
import { updateEventSchema } from "./schema.ts";

const invalid = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/**
 * PUT …/calendar/events/{eventId}: title, start, end and meeting link. The event's meeting follows;
 * imports of the same calendar version leave the edit alone (a newer version from the organiser wins).
 */
export async function updateEvent(userId: string, agentId: string, eventId: string, body: unknown) {
  const input = parseWith(updateEventSchema, body);
  const link = input.meetingUrl === undefined ? undefined : parseMeetingUrl(input.meetingUrl);
  if (link === null) throw invalid("meetingUrl", ACCEPTED_LINKS_MESSAGE);

  return db.$transaction(async (tx) => {
    const event = await lockOwnedEvent(tx, userId, agentId, eventId);
    if (event.status === "cancelled") throw new AppError("conflict", "This event was cancelled in its calendar, so it cannot be edited.");
    const startsAt = input.start ? new Date(input.start) : event.startsAt;
    const endsAt = input.end === undefined ? event.endsAt : input.end === null ? null : new Date(input.end);
    if (endsAt && endsAt <= startsAt) throw invalid("end", "The end must be after the start");
    const meetingUrl = link?.url ?? event.meetingUrl;
    const clash = await tx.calendarEvent.findFirst({ where: { agentId, meetingUrl, startsAt, id: { not: eventId } }, select: { id: true } });
    if (clash) throw new AppError("conflict", "This agent already has an event for this meeting link at that time.");

    const updated = await tx.calendarEvent.update({
      where: { id: eventId },
      data: { title: input.title ?? event.title, startsAt, endsAt, meetingUrl, platform: link?.platform ?? event.platform, editedAt: new Date() },
    });
    await syncEventMeeting(tx, updated, "calendar_event_cancelled");
    return eventDto(tx, eventId);
  });
}
