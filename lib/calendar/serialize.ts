import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import type { Calendar, CalendarConnection, CalendarEvent, MeetingStatus } from "../generated/prisma/client.ts";
import { meetingStatusField, platformField } from "../meetings/serialize.ts";
import { joinVerdict } from "./join-rule.ts";

export const EVENT_INCLUDE = { meeting: { select: { id: true, status: true } }, agent: { select: { name: true } } } as const;
type EventRow = CalendarEvent & { meeting: { id: string; status: MeetingStatus } | null; agent: { name: string } };

export const calendarEventResponse = z
  .object({
    id: z.string(),
    title: z.string(),
    start: time,
    end: time.nullable(),
    meetingUrl: z.string(),
    platform: platformField,
    status: z.enum(["blocked", "pending", "confirmed", "cancelled", "skipped"]).meta({ description: "skipped: the calendar's rule leaves it out, or it was switched off for this event" }),
    organizerEmail: z.string().nullable(),
    meetingId: z.string().nullable(),
    meetingStatus: meetingStatusField.nullable(),
    agentId: z.string(),
    agentName: z.string(),
    description: z.string().nullable(),
    edited: z.boolean(),
    myResponse: z.enum(["accepted", "tentative", "declined", "needsAction", "none"]).nullable().meta({ description: "Connected calendars: your answer to the invitation; null when the calendar does not say (ICS)" }),
    organizedByMe: z.boolean().nullable().meta({ description: "Connected calendars: you organise it; null when the calendar does not say" }),
    joinOverride: z.boolean().nullable().meta({ description: "Your switch for this event (PATCH): true join, false don't join, null: the calendar's rule decides" }),
    join: z
      .object({
        willJoin: z.boolean(),
        reason: z.enum(["cancelled", "switched_off", "not_organizer", "declined", "not_accepted", "keyword", "access_control", "needs_confirmation", "meeting_cancelled"]).nullable(),
        keyword: z.string().nullable().meta({ description: "The word the title lacks (reason keyword)" }),
        text: z.string().meta({ description: '"Cohost will join" or "Cohost won\'t join: <why>"' }),
      })
      .meta({ id: "CalendarEventJoin", description: "Whether the agent joins this meeting, and why not" }),
  })
  .meta({ id: "CalendarEvent" });

/** An agent's or the user's events, and whether their feed has an address (list-events.ts). */
export const calendarEventsResponse = z.object({ events: z.array(calendarEventResponse), hasToken: z.boolean() }).meta({ id: "CalendarEvents" });

export const calendarResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(["upload", "subscription", "google", "microsoft"]),
    agentId: z.string(),
    agentName: z.string(),
    eventCount: z.int(),
    lastSyncedAt: time.nullable(),
    importing: z.boolean().meta({ description: "An import is queued or running (the jobs process reads the calendar)" }),
    skipped: z
      .object({ noLink: z.int(), allDay: z.int() })
      .meta({ description: "What the last import left out: occurrences without a meeting link, all-day events" }),
    error: z.string().nullable(),
    urlHint: z.string().nullable().meta({ description: "Only the origin of a subscribed address: the address itself is a secret" }),
    createdAt: time,
    connection: z
      .object({
        accountEmail: z.string(),
        reconnectReason: z.string().nullable().meta({ description: "Why the grant no longer works; the calendar needs to be connected again. Its events are kept meanwhile" }),
        push: z.boolean().meta({ description: "Changes arrive by push notification; false: the calendar is polled" }),
        joinRule: z.enum(["all", "organized", "accepted", "keyword"]),
        joinKeyword: z.string().nullable(),
      })
      .nullable()
      .meta({ description: "For a connected Google or Microsoft calendar (source google/microsoft); its tokens are never returned" }),
  })
  .meta({ id: "Calendar" });

/** The API shape of an agent calendar event (issue 8 fields, plus what the calendar pages show). */
export function serializeEvent(e: EventRow) {
  return {
    id: e.id,
    title: e.title,
    start: e.startsAt,
    end: e.endsAt,
    meetingUrl: e.meetingUrl,
    platform: e.platform,
    status: e.status,
    organizerEmail: e.organizerEmail,
    meetingId: e.meeting?.id ?? null,
    meetingStatus: e.meeting?.status ?? null,
    agentId: e.agentId,
    agentName: e.agent.name,
    description: e.description,
    edited: e.editedAt !== null,
    myResponse: e.myResponse,
    organizedByMe: e.organizedByMe,
    joinOverride: e.joinOverride,
    join: joinVerdict({ ...e, meetingStatus: e.meeting?.status ?? null }),
  } satisfies Sent<typeof calendarEventResponse>;
}
export type CalendarEventDto = ReturnType<typeof serializeEvent>;

/** A subscribed address is a secret (anyone holding it reads the calendar): only its host is shown. */
/** Only the origin of a subscribed address (the address itself is a secret): also the data export's. */
export function urlHint(url: string | null): string | null {
  if (!url) return null;
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return null;
  }
}

type ConnectionFields = Pick<CalendarConnection, "accountEmail" | "reconnectReason" | "channelExpiresAt" | "joinRule" | "joinKeyword">;

export function serializeCalendar(c: Omit<Calendar, "content"> & { agent: { name: string }; connection?: ConnectionFields | null }, eventCount: number) {
  const conn = c.connection ?? null;
  return {
    id: c.id,
    name: c.name,
    source: c.source,
    agentId: c.agentId,
    agentName: c.agent.name,
    eventCount,
    lastSyncedAt: c.lastSyncedAt,
    error: c.syncError,
    /** An import is queued or running; eventCount, lastSyncedAt and error change when it is done. */
    importing: c.importRequestedAt !== null,
    skipped: { noLink: c.skippedNoLink, allDay: c.skippedAllDay },
    urlHint: urlHint(c.sourceUrl),
    createdAt: c.createdAt,
    connection: conn && {
      accountEmail: conn.accountEmail,
      reconnectReason: conn.reconnectReason,
      push: conn.channelExpiresAt !== null && conn.channelExpiresAt > new Date(),
      joinRule: conn.joinRule,
      joinKeyword: conn.joinKeyword,
    },
  } satisfies Sent<typeof calendarResponse>;
}
export type CalendarDto = ReturnType<typeof serializeCalendar>;

/** Events each calendar carries (not counting events the user deleted), in one query. */
export async function eventCounts(calendarIds: string[]): Promise<Map<string, number>> {
  if (calendarIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ calendarId: string; count: number }[]>`
    SELECT s."calendarId", COUNT(DISTINCT s."eventId")::int AS count
    FROM "CalendarEventSource" s JOIN "CalendarEvent" e ON e.id = s."eventId"
    WHERE s."calendarId" = ANY(${calendarIds}::text[]) AND e."deletedAt" IS NULL
    GROUP BY s."calendarId"`;
  return new Map(rows.map((r) => [r.calendarId, r.count]));
}

// The stored file can be megabytes: never read it to list or show a calendar.
export const CALENDAR_INCLUDE = {
  agent: { select: { name: true } },
  connection: { select: { accountEmail: true, reconnectReason: true, channelExpiresAt: true, joinRule: true, joinKeyword: true } },
} as const;
export const CALENDAR_OMIT = { content: true } as const;

/** One of the user's calendars as the API returns it. */
export async function calendarDto(userId: string, id: string): Promise<CalendarDto> {
  const calendar = await db.calendar.findFirstOrThrow({ where: { id, userId }, include: CALENDAR_INCLUDE, omit: CALENDAR_OMIT });
  return serializeCalendar(calendar, (await eventCounts([id])).get(id) ?? 0);
}
