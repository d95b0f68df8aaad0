import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { enforceFetchLimit } from "./fetch-ics.ts";
import { calendarDto } from "./serialize.ts";
import { syncCalendar } from "./sync-calendar.ts";

/**
 * POST /api/calendars/{id}/sync: re-reads one calendar now. A failure is not an error of this call:
 * the calendar comes back with its `error` set and its last good events kept.
 */
export async function refreshCalendar(userId: string, id: string) {
  const calendar = await db.calendar.findFirst({ where: { id, userId }, select: { id: true } });
  if (!calendar) throw new AppError("not_found", "Calendar not found");
  await enforceFetchLimit(userId);
  await syncCalendar(id);
  return calendarDto(userId, id);
}
