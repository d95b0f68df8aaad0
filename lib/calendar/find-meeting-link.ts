import { parseMeetingUrl, type MeetingLink } from "../meetings/meeting-url.ts";
import type { CalendarInstance } from "./parse-ics.ts";

// Finds the meeting an invitation is for. Candidates are read in order of trust: conference
// properties (what the calendar itself says the call is), then LOCATION, URL, DESCRIPTION, the HTML
// body and finally the title. lib/meetings/meeting-url.ts decides what is a Zoom, Teams or Meet link.

type LinkFields = Pick<CalendarInstance, "conferenceUrls" | "location" | "url" | "description" | "htmlDescription" | "title">;

const WITH_SCHEME = /https?:\/\/[^\s<>"'`]+/gi;
// Invitations sometimes print a link without its scheme ("Join: zoom.us/j/123456789").
const WITHOUT_SCHEME = /(?<![\w./@-])(?:[a-z0-9-]+\.)*(?:zoom\.us|zoomgov\.com|teams\.microsoft\.com|teams\.live\.com|meet\.google\.com)\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[).,;:!?\]}*]+$/;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

// Link wrappers that hide the real address in a query parameter: Outlook/Defender SafeLinks (mail
// and Teams), Google's redirect. Unwrapped a few levels deep (wrappers do get wrapped again).
function unwrap(candidate: string): string {
  let current = candidate;
  for (let depth = 0; depth < 3; depth++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return current;
    }
    const host = url.hostname.toLowerCase();
    let inner: string | null = null;
    if (/(^|\.)safelinks\.protection\.(outlook\.com|office365\.us)$/.test(host)) inner = url.searchParams.get("url");
    else if (host === "statics.teams.cdn.office.net" && url.pathname.includes("safelinks")) inner = url.searchParams.get("url");
    else if (/^(www\.)?google\.[a-z.]+$/.test(host) && url.pathname === "/url") inner = url.searchParams.get("q") ?? url.searchParams.get("url");
    if (!inner || !/^https?:\/\//i.test(inner)) return current;
    current = inner;
  }
  return current;
}

/** Links written in plain text, in order of appearance. */
export function urlsInText(text: string): string[] {
  if (!text) return [];
  const found = [...text.matchAll(WITH_SCHEME), ...text.matchAll(WITHOUT_SCHEME)]
    .sort((a, b) => a.index - b.index)
    .map((m) => m[0].replace(TRAILING_PUNCTUATION, ""));
  return [...new Set(found)];
}

/** Links of an HTML body: the targets of its anchors first (where Outlook hides them), then its text. */
export function urlsInHtml(html: string): string[] {
  if (!html) return [];
  const hrefs = [...html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => decodeEntities((m[1] ?? m[2] ?? m[3]).trim()));
  const text = decodeEntities(html.replace(/<[^>]*>/g, " "));
  return [...new Set([...hrefs, ...urlsInText(text)])];
}

function firstLink(candidates: string[]): MeetingLink | null {
  for (const candidate of candidates) {
    const link = parseMeetingUrl(unwrap(candidate));
    if (link) return link;
  }
  return null;
}

/** The Zoom, Teams or Meet meeting an event is for, or null when it has none. */
export function findMeetingLink(event: LinkFields): MeetingLink | null {
  const whole = (value: string) => (value.trim() ? [value.trim()] : []);
  return (
    firstLink(event.conferenceUrls.flatMap((value) => [...whole(value), ...urlsInText(value)])) ??
    firstLink([...whole(event.location), ...urlsInText(event.location)]) ??
    firstLink([...whole(event.url), ...urlsInText(event.url)]) ??
    firstLink(urlsInText(event.description)) ??
    firstLink(urlsInHtml(event.htmlDescription)) ??
    firstLink(urlsInText(event.title))
  );
}
