import { db } from "../db/client.ts";
import type { Calendar, Prisma } from "../generated/prisma/client.ts";
import { CalendarFetchError, fetchIcs } from "./fetch-ics.ts";
import { importEvents, type ImportResult } from "./import-events.ts";
import { NotACalendarError, parseIcs, type ParsedCalendar } from "./parse-ics.ts";

// Reading a calendar and importing it are two steps: the network and the parser run outside any
// transaction; the import (events, sources, meetings, the calendar's sync state) is one transaction,
// so a failure anywhere leaves the last good events exactly as they were.

const DAY_MS = 24 * 3600_000;

/** Occurrences from a week ago (recent history on the calendar page) to 60 days ahead. */
export function importWindow(now = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 7 * DAY_MS), to: new Date(now.getTime() + 60 * DAY_MS) };
}

export const NOT_A_FEED_MESSAGE = "The address did not return a calendar (.ics). Check that it is the calendar's secret iCal address.";

/** Imports can be large (thousands of occurrences on a first upload); the default 5 s is for requests. */
export const IMPORT_TRANSACTION = { timeout: 120_000, maxWait: 30_000 } as const;

/** A subscribed address's calendar, parsed; failures carry the message to show. */
export async function readFeed(url: string, window: { from: Date; to: Date }): Promise<ParsedCalendar> {
  const text = await fetchIcs(url);
  try {
    return await parseIcs(text, window);
  } catch (err) {
    if (err instanceof NotACalendarError) throw new CalendarFetchError(NOT_A_FEED_MESSAGE);
    throw err;
  }
}

type CalendarWithAgent = Calendar & { agent: { id: string; accessControlEnabled: boolean; whitelistedEmails: string[]; requireConfirmation: boolean } };

/** Imports parsed occurrences into a calendar and records the success, in the caller's transaction. */
export async function importParsed(tx: Prisma.TransactionClient, calendar: CalendarWithAgent, parsed: ParsedCalendar, window: { from: Date; to: Date }, now: Date): Promise<ImportResult> {
  const result = await importEvents(tx, { calendarId: calendar.id, userId: calendar.userId, agent: calendar.agent, window }, parsed.instances);
  await tx.calendar.update({ where: { id: calendar.id }, data: { lastSyncedAt: now, lastAttemptAt: now, syncError: null } });
  return result;
}

export const AGENT_RULES = { agent: { select: { id: true, accessControlEnabled: true, whitelistedEmails: true, requireConfirmation: true } } } as const;

/**
 * Re-reads a calendar (a subscription from its address, an upload from its stored file, so a series
 * keeps coming into the window) and imports it. A failure is recorded as the calendar's error and
 * its events are kept. Returns the error message, or null on success.
 */
export async function syncCalendar(calendarId: string, now = new Date()): Promise<string | null> {
  const calendar = await db.calendar.findUnique({ where: { id: calendarId }, include: AGENT_RULES });
  if (!calendar) return null;
  const window = importWindow(now);
  let parsed: ParsedCalendar;
  try {
    parsed = calendar.source === "subscription" ? await readFeed(calendar.sourceUrl ?? "", window) : await parseIcs(calendar.content ?? "", window);
  } catch (err) {
    const message = err instanceof CalendarFetchError || err instanceof NotACalendarError ? err.message : "Could not read the calendar";
    if (!(err instanceof CalendarFetchError || err instanceof NotACalendarError)) console.error(`[calendar] reading ${calendarId} failed:`, err);
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now } });
    return message;
  }
  try {
    await db.$transaction((tx) => importParsed(tx, calendar, parsed, window, now), IMPORT_TRANSACTION);
    return null;
  } catch (err) {
    console.error(`[calendar] importing ${calendarId} failed:`, err);
    const message = "Could not import the calendar. Its events are kept as they were.";
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now } });
    return message;
  }
}
