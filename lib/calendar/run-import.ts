import { db } from "../db/client.ts";
import { syncCalendar } from "./sync-calendar.ts";

/**
 * The jobs process's work for one `calendar-import` job: imports the calendar (its error, if any, is
 * recorded on it) and then clears its importing mark, unless a newer request came in meanwhile (its
 * own job clears it). A job for a calendar that is gone, or whose import already ran (a retried job),
 * does nothing.
 */
export async function runCalendarImport(calendarId: string): Promise<{ imported: boolean; error: string | null }> {
  const mark = await db.calendar.findUnique({ where: { id: calendarId }, select: { importRequestedAt: true } });
  if (!mark?.importRequestedAt) return { imported: false, error: null };
  try {
    return { imported: true, error: await syncCalendar(calendarId) };
  } finally {
    await db.calendar.updateMany({ where: { id: calendarId, importRequestedAt: mark.importRequestedAt }, data: { importRequestedAt: null } });
  }
}
