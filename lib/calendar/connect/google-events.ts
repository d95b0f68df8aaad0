import type { Attendance } from "../join-rule.ts";
import type { CalendarInstance } from "../parse-ics.ts";
import { parseIcs } from "../parse-ics.ts";

// Google Calendar events (API v3, singleEvents=false: series with their RRULE/EXDATE lines, and
// changed or cancelled instances as exceptions with recurringEventId + originalStartTime) written as
// iCalendar and read by parse-ics, so series are expanded exactly like every other calendar's.

interface GoogleTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  sequence?: number;
  start?: GoogleTime;
  end?: GoogleTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
  hangoutLink?: string;
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
  organizer?: { email?: string; self?: boolean };
  attendees?: { email?: string; self?: boolean; responseStatus?: string }[];
}

/** What Cohost keeps of an event (the rest of Google's resource is not needed). */
export function trimGoogleEvent(e: GoogleEvent): GoogleEvent {
  return {
    id: e.id,
    status: e.status,
    summary: e.summary,
    description: e.description?.slice(0, 8000),
    location: e.location,
    sequence: e.sequence,
    start: e.start,
    end: e.end,
    recurrence: e.recurrence,
    recurringEventId: e.recurringEventId,
    originalStartTime: e.originalStartTime,
    hangoutLink: e.hangoutLink,
    conferenceData: e.conferenceData?.entryPoints ? { entryPoints: e.conferenceData.entryPoints.filter((p) => p.entryPointType === "video").map((p) => ({ entryPointType: p.entryPointType, uri: p.uri })) } : undefined,
    organizer: e.organizer ? { email: e.organizer.email, self: e.organizer.self } : undefined,
    attendees: e.attendees?.filter((a) => a.self).map((a) => ({ email: a.email, self: true, responseStatus: a.responseStatus })),
  };
}

/** Applies one page of changes to the kept events: a cancelled event that is not an instance of a series is gone. */
export function applyGoogleChanges(items: Record<string, GoogleEvent>, changes: GoogleEvent[]): void {
  for (const change of changes) {
    if (change.status === "cancelled" && !change.recurringEventId) {
      delete items[change.id];
      for (const [id, e] of Object.entries(items)) if (e.recurringEventId === change.id) delete items[id];
    } else items[change.id] = trimGoogleEvent(change);
  }
}

const escapeText = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Local wall time of an instant in an IANA zone, as iCalendar's YYYYMMDDTHHMMSS. */
function wallTime(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

function timeProperty(name: string, t: GoogleTime, zoned: boolean): string | null {
  if (!t.dateTime) return null;
  if (zoned && t.timeZone) {
    try {
      return `${name};TZID=${t.timeZone}:${wallTime(t.dateTime, t.timeZone)}`;
    } catch {
      // An unknown zone: the instant in UTC is still right for this occurrence.
    }
  }
  return `${name}:${utc(t.dateTime)}`;
}

/** The conference link Google gives in structured fields: Meet's hangoutLink, or a video entry point (Zoom, Teams add-ons). */
export function googleConferenceUrls(e: GoogleEvent): string[] {
  return [e.hangoutLink, ...(e.conferenceData?.entryPoints ?? []).map((p) => p.uri)].filter((u): u is string => Boolean(u));
}

function vevent(e: GoogleEvent): string[] | null {
  const series = Boolean(e.recurrence?.length);
  // A cancelled instance of a series comes with only its original start.
  const startTime = e.start ?? (e.status === "cancelled" ? e.originalStartTime : undefined);
  const start = startTime && timeProperty("DTSTART", startTime, series || Boolean(e.recurringEventId));
  if (!start) return null; // all-day events have no time to join
  const uid = e.recurringEventId ?? e.id;
  const lines = ["BEGIN:VEVENT", `UID:${uid}`, start, `DTSTAMP:${utc(new Date().toISOString())}`, `SEQUENCE:${e.sequence ?? 0}`];
  const end = e.end && timeProperty("DTEND", e.end, series || Boolean(e.recurringEventId));
  if (end) lines.push(end);
  if (e.recurringEventId && e.originalStartTime) {
    const rid = timeProperty("RECURRENCE-ID", e.originalStartTime, true);
    if (rid) lines.push(rid);
  }
  if (series) lines.push(...e.recurrence!.filter((l) => /^(RRULE|EXDATE|RDATE|EXRULE)[:;]/.test(l)));
  lines.push(`STATUS:${e.status === "cancelled" ? "CANCELLED" : e.status === "tentative" ? "TENTATIVE" : "CONFIRMED"}`);
  if (e.summary) lines.push(`SUMMARY:${escapeText(e.summary)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  const conference = googleConferenceUrls(e)[0];
  if (conference) lines.push(`X-GOOGLE-CONFERENCE:${conference}`);
  if (e.organizer?.email) lines.push(`ORGANIZER:mailto:${e.organizer.email}`);
  lines.push("END:VEVENT");
  return lines;
}

export function googleCalendarText(events: GoogleEvent[]): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cohost//Google Calendar//EN"];
  for (const e of events) lines.push(...(vevent(e) ?? []));
  lines.push("END:VCALENDAR");
  return lines.join("\r\n");
}

const RESPONSES = new Set(["accepted", "declined", "tentative", "needsAction"]);

/** The owner's answer (their own attendee entry, `self`) and whether they organise it (`organizer.self`). */
function googleAttendance(e: GoogleEvent): Attendance {
  const organizer = Boolean(e.organizer?.self);
  const answer = e.attendees?.find((a) => a.self)?.responseStatus;
  const response = answer && RESPONSES.has(answer) ? (answer as Attendance["response"]) : organizer ? "accepted" : "none";
  return { response, organizer };
}

/**
 * The kept events' occurrences in the window, expanded by parse-ics, each with the owner's answer:
 * a changed instance's own, else its series'.
 */
export async function googleInstances(items: Record<string, GoogleEvent>, window: { from: Date; to: Date }): Promise<CalendarInstance[]> {
  const instances = (await parseIcs(googleCalendarText(Object.values(items)), window)).instances;
  const answers = new Map<string, Attendance>();
  for (const e of Object.values(items)) {
    if (!e.organizer) continue; // a cancelled instance comes without: its series answers
    const original = e.recurringEventId && e.originalStartTime?.dateTime;
    answers.set(original ? `${e.recurringEventId}\u0000${new Date(original).toISOString()}` : e.id, googleAttendance(e));
  }
  for (const i of instances) i.attendance = answers.get(`${i.uid}\u0000${i.recurrenceId}`) ?? answers.get(i.uid);
  return instances;
}
