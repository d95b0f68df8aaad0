import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { englishMeetingTitle } from "../meetings/english-meeting-title.ts";

// The subscription feed of an agent's (or all of a user's) meetings: RFC 5545 text/calendar as
// Google Calendar, Outlook and Apple Calendar subscribe to it. ical-generator does the escaping,
// the 75-octet line folding (never inside a UTF-8 character) and CRLF line ends.

export interface FeedMeeting {
  id: string;
  title: string;
  meetingUrl: string;
  platform: string;
  status: string;
  scheduledStart: Date;
  scheduledEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
  agentName: string | null;
}

const PLATFORM_NAMES: Record<string, string> = { zoom: "Zoom", teams: "Microsoft Teams", meet: "Google Meet" };
const STATUS_TEXT: Record<string, string> = {
  scheduled: "Scheduled",
  joining: "Joining",
  waiting_room: "In the waiting room",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
};
/**
 * Meetings the agent does not (or did not) attend are CANCELLED for calendar apps: cancelled ones and
 * failed ones (it could not join, or lost the call). Their description still says which.
 */
const NOT_ATTENDED = new Set(["cancelled", "failed"]);
/** A meeting without an end is shown this long. */
const DEFAULT_DURATION_MS = 30 * 60_000;
// SEQUENCE must grow whenever a meeting changes; seconds of its last change since this epoch do,
// without a counter column, and fit a 32-bit integer until 2092.
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);
/** How often subscribers are asked to refresh (Outlook and Apple honour it; Google polls on its own). */
const REFRESH_MINUTES = 15;

export function feedSequence(updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000));
}

export function buildFeed(opts: { name: string; meetings: FeedMeeting[]; appUrl: string }): string {
  const calendar = ical({
    name: opts.name,
    prodId: { company: "Cohost", product: "Cohost", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    ttl: REFRESH_MINUTES * 60,
  });
  for (const m of opts.meetings) {
    const platform = PLATFORM_NAMES[m.platform] ?? "online";
    const details = `${opts.appUrl}/meetings/${m.id}/details`;
    calendar.createEvent({
      // Stable per meeting, independent of the server's address, so a moved meeting updates in place.
      id: `meeting-${m.id}@cohost`,
      sequence: feedSequence(m.updatedAt),
      stamp: m.updatedAt,
      created: m.createdAt,
      lastModified: m.updatedAt,
      start: m.scheduledStart,
      end: m.scheduledEnd && m.scheduledEnd > m.scheduledStart ? m.scheduledEnd : new Date(m.scheduledStart.getTime() + DEFAULT_DURATION_MS),
      summary: englishMeetingTitle(m),
      description: [
        m.agentName ? `${m.agentName} joins this ${platform} meeting.` : `A Cohost agent joins this ${platform} meeting.`,
        `Status: ${STATUS_TEXT[m.status] ?? m.status}`,
        `Join: ${m.meetingUrl}`,
        `Details: ${details}`,
      ].join("\n"),
      location: m.meetingUrl,
      url: m.meetingUrl,
      status: NOT_ATTENDED.has(m.status) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const text = calendar.toString();
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
