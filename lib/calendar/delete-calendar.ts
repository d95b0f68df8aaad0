import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import type { deletedWithMeetingsResponse } from "../meetings/serialize.ts";
import { cancelScheduledMeeting } from "../meetings/schedule-meeting.ts";
import { releaseConnection } from "./connect/disconnect.ts";

/**
 * DELETE /api/calendars/{id}: removes a calendar and the events only it carried, cancelling their
 * meetings that the agent has not joined yet (the meetings stay in the history). Events another
 * calendar still carries keep their meetings. A connected (Google, Microsoft) calendar is disconnected.
 */
export async function deleteCalendar(userId: string, id: string): Promise<Sent<typeof deletedWithMeetingsResponse>> {
  // A connected calendar is disconnected: the grant revoked at the provider first.
  await releaseConnection(userId, id);
  return db.$transaction(
    async (tx) => {
      const calendar = await tx.calendar.findFirst({ where: { id, userId }, select: { agentId: true } });
      if (!calendar) throw new AppError("not_found", "Calendar not found");
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`calendar-agent:${calendar.agentId}`}))`;
      const carried = await tx.calendarEventSource.findMany({ where: { calendarId: id }, select: { eventId: true }, distinct: ["eventId"] });
      await tx.calendar.delete({ where: { id } });
      const orphans = await tx.calendarEvent.findMany({
        where: { id: { in: carried.map((c) => c.eventId) }, sources: { none: {} } },
        select: { id: true, meeting: { select: { id: true } } },
      });
      let cancelledMeetings = 0;
      for (const { meeting } of orphans) {
        if (meeting && (await cancelScheduledMeeting(tx, meeting.id, "calendar_removed"))) cancelledMeetings++;
      }
      await tx.calendarEvent.deleteMany({ where: { id: { in: orphans.map((e) => e.id) } } });
      return { deleted: true as const, cancelledMeetings };
    },
    { timeout: 60_000 },
  );
}
