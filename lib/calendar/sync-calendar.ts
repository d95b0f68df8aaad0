import { db } from "../db/client.ts";
import { errorText, log } from "../log.ts";
import { CalendarFetchError, fetchIcs } from "./fetch-ics.ts";
import { syncConnectedCalendar } from "./connect/sync-connection.ts";
import { importEvents } from "./import-events.ts";
import { AGENT_RULES, IMPORT_TRANSACTION, importWindow } from "./import-window.ts";
import { calendarText, NotACalendarError, parseIcs, type ParsedCalendar } from "./parse-ics.ts";

// Reading a calendar and importing it are two steps: the network and the parser run outside any
// transaction; the import (events, sources, meetings, the calendar's sync state) is one transaction,
// so a failure anywhere leaves the last good events exactly as they were. Both run in the jobs
// process (lib/calendar/work-calendar-jobs.ts), never in the web server or a bot worker.

export const NOT_A_FEED_MESSAGE = "The address did not return a calendar (.ics). Check that it is the calendar's secret iCal address.";

/** A subscribed address's calendar text; failures carry the message to show. */
export async function readFeed(url: string): Promise<string> {
  const text = await fetchIcs(url);
  try {
    return calendarText(text);
  } catch (err) {
    if (err instanceof NotACalendarError) throw new CalendarFetchError(NOT_A_FEED_MESSAGE);
    throw err;
  }
}

/**
 * Reads a calendar (a subscription from its address, an upload from its stored file, so a series
 * keeps coming into the window) and imports it. A new subscription brings the copy the web fetched
 * to check the address; it is imported instead of fetching again, then dropped. A failure is
 * recorded as the calendar's error and its events are kept. Returns the error message, or null.
 */
export async function syncCalendar(calendarId: string, now = new Date()): Promise<string | null> {
  const calendar = await db.calendar.findUnique({ where: { id: calendarId }, include: AGENT_RULES });
  if (!calendar) return null;
  if (calendar.source === "google" || calendar.source === "microsoft") return syncConnectedCalendar(calendarId, now);
  const window = importWindow(now);
  const subscription = calendar.source === "subscription";
  let parsed: ParsedCalendar;
  try {
    const text = subscription && calendar.content === null ? await readFeed(calendar.sourceUrl ?? "") : (calendar.content ?? "");
    parsed = await parseIcs(text, window);
  } catch (err) {
    const known = err instanceof CalendarFetchError || err instanceof NotACalendarError;
    if (!known) log({ event: "calendar_read_failed", level: "error", calendarId, userId: calendar.userId, error: errorText(err) });
    const message = known ? err.message : "Could not read the calendar";
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now, ...(subscription ? { content: null } : {}) } });
    return message;
  }
  try {
    await db.$transaction(async (tx) => {
      const { skippedNoLink } = await importEvents(tx, { calendarId, userId: calendar.userId, agent: calendar.agent, window }, parsed.instances);
      const skipped = { skippedNoLink, skippedAllDay: parsed.allDay };
      await tx.calendar.update({ where: { id: calendarId }, data: { lastSyncedAt: now, lastAttemptAt: now, syncError: null, ...skipped, ...(subscription ? { content: null } : {}) } });
    }, IMPORT_TRANSACTION);
    return null;
  } catch (err) {
    log({ event: "calendar_import_failed", level: "error", calendarId, userId: calendar.userId, error: errorText(err) });
    const message = "Could not import the calendar. Its events are kept as they were.";
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now } });
    return message;
  }
}
