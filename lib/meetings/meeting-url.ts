import { parseRoomUrl } from "./parse-room-url.ts";

// Recognises a meeting link and returns it in one canonical form, so the same meeting pasted twice (or
// found in a calendar with tracking parameters) is one meeting. Platforms per spec §1: zoom, teams, meet;
// plus Cohost's own test room (room) for links an agent is sent to directly. Shapes follow what each
// platform hands out in invitations today. Pure: the browser uses it for live validation too.
export type LinkPlatform = "zoom" | "teams" | "meet";

export interface MeetingLink {
  platform: LinkPlatform;
  /** Canonical https URL: the parts that identify the meeting (and its passcode), nothing else. */
  url: string;
  /** The platform's meeting id or code where the link carries one. */
  meetingId: string | null;
  passcode: string | null;
}

export const ACCEPTED_LINKS_MESSAGE =
  "Paste a Zoom (zoom.us/j/…), Microsoft Teams (teams.microsoft.com/l/meetup-join/… or teams.live.com/meet/…), Google Meet (meet.google.com/abc-defg-hij) or Cohost test room link";

const MEET_CODE = /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/;
const ZOOM_HOST = /^(?:[a-z0-9-]+\.)*(?:zoom\.us|zoomgov\.com|zoom\.com)$/;
const TEAMS_HOST = /^(?:teams\.microsoft\.com|teams\.live\.com|(?:gov|dod)\.teams\.microsoft\.us|teams\.microsoft\.us|teams\.cloud\.microsoft)$/;

function toUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text || text.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password || (url.port && url.port !== "443")) return null;
    return url;
  } catch {
    return null;
  }
}

function zoom(url: URL): MeetingLink | null {
  const host = url.hostname.toLowerCase();
  if (!ZOOM_HOST.test(host)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const passcode = url.searchParams.get("pwd");
  const withPwd = (path: string) => `https://${host}${path}${passcode ? `?pwd=${encodeURIComponent(passcode)}` : ""}`;
  // /j/<id>, /w/<id> (webinars), /s/<id> (start link), /wc/<id>/join, /wc/join/<id>
  const digits = (s: string | undefined) => (s && /^\d{9,12}$/.test(s) ? s : null);
  let id: string | null = null;
  if (["j", "w", "s"].includes(parts[0] ?? "")) id = digits(parts[1]);
  else if (parts[0] === "wc") id = digits(parts[1]) ?? (parts[1] === "join" ? digits(parts[2]) : null);
  if (id) return { platform: "zoom", url: withPwd(`/j/${id}`), meetingId: id, passcode };
  // Personal link: /my/<vanity>
  if (parts[0] === "my" && parts[1] && /^[a-z0-9._-]{1,64}$/i.test(parts[1]) && parts.length === 2) {
    return { platform: "zoom", url: withPwd(`/my/${parts[1].toLowerCase()}`), meetingId: null, passcode };
  }
  return null;
}

function teams(url: URL): MeetingLink | null {
  const host = url.hostname.toLowerCase();
  if (!TEAMS_HOST.test(host)) return null;
  const path = url.pathname;
  if (/^\/l\/meetup-join\/[^/]+/.test(path)) {
    // The thread id and the context query (tenant, organiser) together identify the meeting.
    const context = url.searchParams.get("context");
    return { platform: "teams", url: `https://${host}${path}${context ? `?context=${encodeURIComponent(context)}` : ""}`, meetingId: null, passcode: null };
  }
  const meet = path.match(/^\/meet\/(\d{6,20})\/?$/);
  if (meet) {
    const passcode = url.searchParams.get("p");
    return { platform: "teams", url: `https://${host}/meet/${meet[1]}${passcode ? `?p=${encodeURIComponent(passcode)}` : ""}`, meetingId: meet[1], passcode };
  }
  return null;
}

function meet(url: URL): MeetingLink | null {
  if (url.hostname.toLowerCase() !== "meet.google.com") return null;
  const code = url.pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  if (!MEET_CODE.test(code)) return null;
  return { platform: "meet", url: `https://meet.google.com/${code}`, meetingId: code, passcode: null };
}

/**
 * For a link that is not a meeting link but is on a meeting platform's site (e.g. `zoom.us/j/123`,
 * a meeting number too short): that platform, so the message can say what its links look like.
 */
export function platformOfBadLink(raw: string): LinkPlatform | null {
  const url = toUrl(raw);
  const host = url?.hostname.toLowerCase();
  if (!host || parseMeetingUrl(raw)) return null;
  if (ZOOM_HOST.test(host)) return "zoom";
  if (TEAMS_HOST.test(host)) return "teams";
  return host === "meet.google.com" ? "meet" : null;
}

/** What a platform's meeting links look like, for a link on its site that is not one (server messages). */
export const BAD_LINK_MESSAGES: Record<LinkPlatform, string> = {
  zoom: "This Zoom link has no meeting number. Zoom meeting numbers have 9 to 11 digits, e.g. zoom.us/j/85212345678",
  teams: "This is not a Teams meeting link. Use the “Join the meeting” link of the invitation (teams.microsoft.com/l/meetup-join/… or teams.live.com/meet/…)",
  meet: "This Google Meet link has no meeting code. Meet links end in a code like abc-defg-hij",
};

/** The meeting a link points to, or null when it is not a Zoom, Teams or Meet meeting link. */
export function parseMeetingUrl(raw: string): MeetingLink | null {
  const url = toUrl(raw);
  if (!url) return null;
  return zoom(url) ?? teams(url) ?? meet(url);
}

export interface JoinLink extends Omit<MeetingLink, "platform"> {
  platform: LinkPlatform | "room";
}

/** A link an agent can be sent to: a Zoom, Teams or Meet meeting, or a test room of this Cohost (`appBase`). */
export function parseJoinLink(raw: string, appBase: string): JoinLink | null {
  const link = parseMeetingUrl(raw);
  if (link) return link;
  const room = parseRoomUrl(raw, appBase);
  return room ? { platform: "room", url: room.url, meetingId: room.roomId, passcode: null } : null;
}
