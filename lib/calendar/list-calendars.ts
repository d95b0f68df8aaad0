import { db } from "../db/client.ts";
import { CALENDAR_INCLUDE, CALENDAR_OMIT, eventCounts, serializeCalendar } from "./serialize.ts";

/** GET /api/calendars: the user's calendars, oldest first, each with its agent and event count. */
export async function listCalendars(userId: string) {
  const calendars = await db.calendar.findMany({ where: { userId }, include: CALENDAR_INCLUDE, omit: CALENDAR_OMIT, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const counts = await eventCounts(calendars.map((c) => c.id));
  return calendars.map((c) => serializeCalendar(c, counts.get(c.id) ?? 0));
}
