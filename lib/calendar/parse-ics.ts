import ical, { type DateWithTimeZone, type VEvent } from "node-ical";
import { floatingZone, reinterpretFloating } from "./floating-time.ts";
import type { Attendance } from "./join-rule.ts";

// Reads an iCalendar file with node-ical (RFC 5545: folded lines, escaping, VTIMEZONE blocks,
// Windows zone names such as "W. Europe Standard Time" even without a VTIMEZONE, RRULE/EXDATE/
// RECURRENCE-ID expansion, duplicate UIDs resolved by SEQUENCE) and returns one instance per
// occurrence inside a window, with everything meeting-link detection needs.

export interface CalendarInstance {
  uid: string;
  /** "" for a single event; the original start (ISO) of a series occurrence, stable when it moves. */
  recurrenceId: string;
  sequence: number;
  title: string;
  start: Date;
  /** Null when the event gives no end (or an end before its start). */
  end: Date | null;
  cancelled: boolean;
  /** Lower-cased organiser address (the mailto: of ORGANIZER), when there is one. */
  organizerEmail: string | null;
  location: string;
  url: string;
  description: string;
  /** X-ALT-DESC;FMTTYPE=text/html (Outlook's HTML body). */
  htmlDescription: string;
  /** Conference properties, preferred over free text: CONFERENCE, X-GOOGLE-CONFERENCE, Microsoft's. */
  conferenceUrls: string[];
  /** Connected calendars only: the owner's answer and whether they organise it (ICS files do not say who "I" am). */
  attendance?: Attendance;
}

export interface ParsedCalendar {
  /** X-WR-CALNAME, when the file names itself. */
  name: string | null;
  instances: CalendarInstance[];
  /** All-day occurrences in the window, left out: an agent cannot join a day. */
  allDay: number;
}

export const NOT_A_CALENDAR_MESSAGE = "This file is not a calendar. Choose an .ics file exported from your calendar app.";

export class NotACalendarError extends Error {
  constructor() {
    super(NOT_A_CALENDAR_MESSAGE);
  }
}

/** Occurrences kept per file: a bound on work and rows whatever a file's rules say. */
export const MAX_INSTANCES = 5000;

// A rule repeating every second or minute is never a meeting series; expanding one only costs time.
const SKIPPED_FREQUENCIES = new Set(["SECONDLY", "MINUTELY"]);

// node-ical gives a property as a string, as {params, val} when it had parameters, or as a list
// when it was repeated.
function values(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

function textOf(v: unknown): string {
  const first = values(v)[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "val" in first) return textOf((first as { val: unknown }).val);
  return "";
}

function paramsOf(v: unknown): Record<string, string> {
  const first = values(v)[0];
  if (first && typeof first === "object" && "params" in first) return (first as { params: Record<string, string> }).params ?? {};
  return {};
}

function textsOf(v: unknown): string[] {
  return values(v)
    .map(textOf)
    .map((s) => s.trim())
    .filter(Boolean);
}

function emailOf(organizer: unknown): string | null {
  const value = textOf(organizer).trim().replace(/^mailto:/i, "");
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value.toLowerCase() : null;
}

function validDate(v: unknown): v is DateWithTimeZone {
  return v instanceof Date && !Number.isNaN(v.getTime());
}

type Prop = keyof VEvent | string;
const prop = (e: VEvent, name: Prop): unknown => (e as unknown as Record<string, unknown>)[name];

// Conference properties in order of preference. node-ical drops the "X-" prefix of extensions.
const CONFERENCE_PROPS = ["conference", "GOOGLE-CONFERENCE", "MICROSOFT-ONLINEMEETINGCONFLINK", "MICROSOFT-SKYPETEAMSMEETINGURL"];

function htmlOf(e: VEvent): string {
  const alt = prop(e, "ALT-DESC");
  const type = paramsOf(alt).FMTTYPE?.toLowerCase();
  return type === undefined || type === "text/html" ? textOf(alt) : "";
}

function toInstance(master: VEvent, e: VEvent, start: DateWithTimeZone, end: DateWithTimeZone, recurrenceId: string, zone: string): CalendarInstance {
  // An override (RECURRENCE-ID) that leaves a property out keeps the series' value for the link fields.
  const pick = (name: Prop) => prop(e, name) ?? prop(master, name);
  const fix = (d: DateWithTimeZone) => (d.tz ? d : reinterpretFloating(d, zone));
  const realStart = fix(start);
  const realEnd = validDate(end) ? fix(end) : null;
  const sequence = Number(prop(e, "sequence") ?? prop(master, "sequence") ?? 0);
  return {
    uid: String(e.uid ?? master.uid),
    recurrenceId,
    sequence: Number.isInteger(sequence) && sequence >= 0 ? sequence : 0,
    title: textOf(e.summary).trim() || textOf(master.summary).trim(),
    start: realStart,
    end: realEnd && realEnd > realStart ? realEnd : null,
    cancelled: textOf(prop(e, "status") ?? prop(master, "status")).toUpperCase() === "CANCELLED",
    organizerEmail: emailOf(pick("organizer")),
    location: textOf(pick("location")),
    url: textOf(pick("url")),
    description: textOf(pick("description")),
    htmlDescription: htmlOf(prop(e, "ALT-DESC") ? e : master),
    conferenceUrls: CONFERENCE_PROPS.flatMap((name) => textsOf(pick(name))),
  };
}

/**
 * The text of an iCalendar file (byte-order mark and surrounding blank lines dropped), or
 * NotACalendarError when it does not start with BEGIN:VCALENDAR and end with END:VCALENDAR. Cheap:
 * the web checks a file with it and leaves parsing to the jobs process.
 */
export function calendarText(raw: string): string {
  const text = raw.replace(/^\uFEFF/, "").trim();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(text) || !/\nEND:VCALENDAR\s*$/i.test(text)) throw new NotACalendarError();
  return text;
}

/** X-WR-CALNAME (unfolded, unescaped) without parsing the file: the web names a calendar before it is imported. */
export function calendarName(text: string): string | null {
  const header = text.split(/^BEGIN:VEVENT/im, 1)[0];
  const line = /^X-WR-CALNAME(?:;[^:\r\n]*)?:(.*(?:\r?\n[ \t].*)*)/im.exec(header)?.[1];
  const name = line
    ?.replace(/\r?\n[ \t]/g, "")
    .replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === "n" ? " " : c))
    .trim();
  return name || null;
}

/**
 * Every occurrence that overlaps [from, to], sorted by start. All-day events are left out: an
 * agent cannot join a day. A file that is not an iCalendar throws NotACalendarError.
 */
export async function parseIcs(raw: string, window: { from: Date; to: Date }): Promise<ParsedCalendar> {
  const text = calendarText(raw);
  let data: Awaited<ReturnType<typeof ical.async.parseICS>>;
  try {
    data = await ical.async.parseICS(text);
  } catch {
    throw new NotACalendarError();
  }
  const calendar = data.vcalendar as Record<string, unknown> | undefined;
  const zone = floatingZone(textOf(calendar?.["WR-TIMEZONE"]) || undefined);
  const instances: CalendarInstance[] = [];
  let allDay = 0;

  for (const component of Object.values(data)) {
    if (component?.type !== "VEVENT") continue;
    const event = component as VEvent;
    if (!validDate(event.start)) continue;
    if (event.datetype === "date" || event.start.dateOnly) {
      allDay += ical.expandRecurringEvent(event, { ...window, expandOngoing: true }).length;
      continue;
    }
    const freq = String(event.rrule?.options.freq ?? "").toUpperCase();
    if (SKIPPED_FREQUENCIES.has(freq)) continue;
    // Overlapping the window, not only starting inside it: a meeting under way is still current.
    for (const occurrence of ical.expandRecurringEvent(event, { ...window, expandOngoing: true })) {
      if (occurrence.isFullDay) allDay++;
      if (occurrence.isFullDay || !validDate(occurrence.start)) continue;
      const self = occurrence.event;
      const original = validDate(self.recurrenceid) ? self.recurrenceid : event.rrule ? occurrence.start : null;
      const recurrenceId = original ? (original.tz ? original : reinterpretFloating(original, zone)).toISOString() : "";
      instances.push(toInstance(event, self, occurrence.start, occurrence.end, recurrenceId, zone));
      if (instances.length >= MAX_INSTANCES) break;
    }
    if (instances.length >= MAX_INSTANCES) break;
  }
  instances.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { name: textOf(calendar?.["WR-CALNAME"]).trim() || null, instances, allDay };
}
