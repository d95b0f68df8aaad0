import { appUrl } from "../config.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { BodyTooLargeError, RedirectError, RequestTimeoutError } from "../net/errors.ts";
import { fetchBytes } from "../net/fetch-bytes.ts";
import { isPrivateHostname, PrivateAddressError } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";

// Fetches a subscribed calendar (a "secret address in iCal format"). The URL is the user's, so the
// request is fenced like the provider key check (lib/net): http(s) only, no private addresses
// (checked on the name and again on the address it resolves to at connection time), a few redirects
// each checked the same way, a size limit (after decompression) and one deadline for the whole fetch.

const MAX_REDIRECTS = 5;

function calendarFetchTimeoutMs(): number {
  const n = Number(process.env.CALENDAR_FETCH_TIMEOUT_MS);
  return n > 0 ? n : 15_000;
}

export function calendarMaxBytes(): number {
  const n = Number(process.env.CALENDAR_MAX_BYTES);
  return n > 0 ? n : 5 * 1024 * 1024;
}

export function sizeLimitMessage(): string {
  const bytes = calendarMaxBytes();
  const size = bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `The calendar is larger than ${size}`;
}

/**
 * Fetches a user starts (subscribe, refresh) make outbound requests for them: a generous cap per
 * user keeps the feature from being used to probe other hosts.
 */
export async function enforceFetchLimit(userId: string): Promise<void> {
  await enforce(`calendar-fetch:${userId}`, { max: 30, windowSeconds: 60 });
}

/** A failure whose message can be shown to the user as the calendar's error. */
export class CalendarFetchError extends Error {}

/**
 * The address as it will be fetched (webcal:// becomes https://), or a message saying why it cannot
 * be used. The private-network check here is the cheap one on the name; the fetch checks the
 * resolved address too.
 */
export function checkCalendarUrl(raw: string): { url: string } | { problem: string } {
  const text = raw.trim().replace(/^webcals?:\/\//i, "https://");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: "Enter the calendar's address, e.g. https://calendar.google.com/calendar/ical/…/basic.ics" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: "Calendar addresses must start with https://, http:// or webcal://" };
  if (url.username || url.password) return { problem: "Calendar addresses with a user name or password are not supported" };
  if (!privateUrlsAllowed("calendar") && isPrivateHostname(url.hostname)) return { problem: "That address points to a private network address" };
  url.hash = "";
  return { url: url.toString() };
}

/** A redirect's address, checked like the one the user gave. */
function recheck(next: URL): URL | string {
  const checked = checkCalendarUrl(next.toString());
  return "problem" in checked ? checked.problem : new URL(checked.url);
}

/** The calendar's text. Every failure is a CalendarFetchError with a message for the user. */
export async function fetchIcs(rawUrl: string): Promise<string> {
  const checked = checkCalendarUrl(rawUrl);
  if ("problem" in checked) throw new CalendarFetchError(checked.problem);
  const timeoutMs = calendarFetchTimeoutMs();
  try {
    const answer = await fetchBytes(new URL(checked.url), {
      headers: {
        accept: "text/calendar, text/plain;q=0.9, */*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
        "user-agent": `Cohost calendar sync (+${appUrl()})`,
      },
      guarded: !privateUrlsAllowed("calendar"),
      timeoutMs,
      maxBytes: calendarMaxBytes(),
      decompress: true,
      readBody: (status) => status >= 200 && status < 300,
      redirects: { max: MAX_REDIRECTS, check: recheck },
    });
    if (!answer.body) throw new CalendarFetchError(`The calendar server answered with an error (${answer.status})`);
    return answer.body.toString("utf8");
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    if (err instanceof RedirectError) {
      throw new CalendarFetchError(err.problem === null ? "The calendar address redirects too many times" : `The calendar address redirects to an address that cannot be used: ${err.problem}`);
    }
    if (err instanceof PrivateAddressError) throw new CalendarFetchError("That address points to a private network address");
    if (err instanceof RequestTimeoutError) {
      const seconds = Math.ceil(timeoutMs / 1000);
      throw new CalendarFetchError(`The calendar server did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`);
    }
    if (err instanceof BodyTooLargeError) throw new CalendarFetchError(sizeLimitMessage());
    throw new CalendarFetchError("Could not reach the calendar server");
  }
}
