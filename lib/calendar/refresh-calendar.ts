import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enforceFetchLimit } from "./fetch-ics.ts";
import { requestImport } from "./request-import.ts";
import { calendarDto } from "./serialize.ts";

/**
 * POST /api/calendars/{id}/sync: asks the jobs process to re-read one calendar now → the calendar,
 * `importing` until it is done. A failure to read it is not an error of this call: the calendar
 * then shows its `error`, with its last good events kept.
 */
export async function refreshCalendar(userId: string, id: string) {
  const calendar = await db.calendar.findFirst({ where: { id, userId }, select: { id: true } });
  if (!calendar) throw new AppError("not_found", "Calendar not found");
  await enforceFetchLimit(userId);
  await db.$transaction((tx) => requestImport(tx, id));
  return calendarDto(userId, id);
}
