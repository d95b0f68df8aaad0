import type { Attendance } from "../join-rule.ts";
import type { CalendarInstance } from "../parse-ics.ts";

// Microsoft Graph's calendarView/delta gives occurrences already expanded inside the round's window
// (single instances, occurrences and exceptions of series), in UTC (Prefer: outlook.timezone="UTC"),
// with removals as {"@removed": {...}, id}.

export interface GraphEvent {
  id: string;
  "@removed"?: { reason?: string };
  subject?: string;
  body?: { contentType?: string; content?: string };
  start?: { dateTime?: string; timeZone?: string };
  end?: { dateTime?: string; timeZone?: string };
  isAllDay?: boolean;
  isCancelled?: boolean;
  type?: string;
  seriesMasterId?: string | null;
  originalStart?: string | null;
  iCalUId?: string;
  location?: { displayName?: string };
  onlineMeeting?: { joinUrl?: string } | null;
  onlineMeetingUrl?: string | null;
  organizer?: { emailAddress?: { address?: string } };
  isOrganizer?: boolean;
  responseStatus?: { response?: string };
}

export function trimGraphEvent(e: GraphEvent): GraphEvent {
  return {
    id: e.id,
    subject: e.subject,
    body: e.body ? { contentType: e.body.contentType, content: e.body.content?.slice(0, 8000) } : undefined,
    start: e.start,
    end: e.end,
    isAllDay: e.isAllDay,
    isCancelled: e.isCancelled,
    type: e.type,
    seriesMasterId: e.seriesMasterId,
    originalStart: e.originalStart,
    iCalUId: e.iCalUId,
    location: e.location ? { displayName: e.location.displayName } : undefined,
    onlineMeeting: e.onlineMeeting?.joinUrl ? { joinUrl: e.onlineMeeting.joinUrl } : null,
    onlineMeetingUrl: e.onlineMeetingUrl ?? null,
    organizer: e.organizer,
    isOrganizer: e.isOrganizer,
    responseStatus: e.responseStatus,
  };
}

export function applyGraphChanges(items: Record<string, GraphEvent>, changes: GraphEvent[]): void {
  for (const change of changes) {
    if (change["@removed"]) delete items[change.id];
    else if (change.type !== "seriesMaster") items[change.id] = trimGraphEvent(change);
  }
}

/** Graph's dateTime in UTC has no offset ("2026-11-30T09:00:00.0000000"). */
function instant(t: { dateTime?: string; timeZone?: string } | undefined): Date | null {
  if (!t?.dateTime) return null;
  const zoned = /[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`;
  const d = new Date(zoned);
  return Number.isNaN(d.getTime()) ? null : d;
}

const GRAPH_RESPONSES: Record<string, Attendance["response"]> = {
  accepted: "accepted",
  tentativelyAccepted: "tentative",
  declined: "declined",
  notResponded: "needsAction",
  // The organiser's own meeting: theirs to attend.
  organizer: "accepted",
  none: "none",
};

/** The owner's answer (`responseStatus.response`) and whether they organise it (`isOrganizer`). */
function graphAttendance(e: GraphEvent): Attendance {
  const organizer = Boolean(e.isOrganizer) || e.responseStatus?.response === "organizer";
  return { response: GRAPH_RESPONSES[e.responseStatus?.response ?? "none"] ?? "none", organizer };
}

export function graphInstances(items: Record<string, GraphEvent>): CalendarInstance[] {
  const out: CalendarInstance[] = [];
  for (const e of Object.values(items)) {
    const start = instant(e.start);
    if (!start || e.isAllDay) continue;
    const end = instant(e.end);
    const html = e.body?.contentType?.toLowerCase() === "html" ? (e.body.content ?? "") : "";
    const inSeries = Boolean(e.seriesMasterId);
    out.push({
      uid: inSeries ? e.seriesMasterId! : e.id,
      recurrenceId: inSeries ? (instant({ dateTime: e.originalStart ?? undefined })?.toISOString() ?? start.toISOString()) : "",
      sequence: 0,
      title: e.subject ?? "",
      start,
      end: end && end > start ? end : null,
      cancelled: Boolean(e.isCancelled),
      organizerEmail: e.organizer?.emailAddress?.address?.toLowerCase() ?? null,
      location: e.location?.displayName ?? "",
      url: "",
      description: html ? "" : (e.body?.content ?? ""),
      htmlDescription: html,
      conferenceUrls: [e.onlineMeeting?.joinUrl, e.onlineMeetingUrl].filter((u): u is string => Boolean(u)),
      attendance: graphAttendance(e),
    });
  }
  return out;
}
