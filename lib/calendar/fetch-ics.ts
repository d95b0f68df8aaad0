import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { appUrl } from "../config.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { guardedLookup, isPrivateHostname, PrivateAddressError, privateUrlsAllowed } from "../net/private-address.ts";

// Fetches a subscribed calendar (a "secret address in iCal format"). The URL is the user's, so the
// request is fenced like the provider key check: http(s) only, no private addresses (checked on
// the name and again on the address it resolves to at connection time), a few redirects each
// checked the same way, a size limit (after decompression) and one deadline for the whole fetch.

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
  if (!privateUrlsAllowed() && isPrivateHostname(url.hostname)) return { problem: "That address points to a private network address" };
  url.hash = "";
  return { url: url.toString() };
}

class Timeout extends Error {}
class TooLarge extends Error {}

interface Hop {
  status: number;
  location: string | null;
  body: Buffer | null;
}

function decoder(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function request(url: URL, opts: { guard: boolean; deadline: number; maxBytes: number }): Promise<Hop> {
  if (opts.guard && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(url.hostname));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(hop!);
    };
    const req = client.request(
      url,
      {
        method: "GET",
        headers: {
          accept: "text/calendar, text/plain;q=0.9, */*;q=0.5",
          "accept-encoding": "gzip, deflate, br",
          "user-agent": `Cohost calendar sync (+${appUrl()})`,
        },
        lookup: opts.guard ? guardedLookup : undefined,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return finish(null, { status, location: res.headers.location ?? null, body: null });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return finish(null, { status, location: null, body: null });
        }
        if (Number(res.headers["content-length"]) > opts.maxBytes) return finish(new TooLarge());
        const inflate = decoder(res.headers["content-encoding"]);
        const stream = inflate ? res.pipe(inflate) : res;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            inflate?.destroy();
            return finish(new TooLarge());
          }
          chunks.push(chunk);
        });
        stream.on("end", () => finish(null, { status, location: null, body: Buffer.concat(chunks) }));
        stream.on("error", (err) => finish(err));
        res.on("error", (err) => finish(err));
      },
    );
    const timer = setTimeout(() => finish(new Timeout()), Math.max(0, opts.deadline - Date.now()));
    req.on("error", (err) => finish(err));
    req.end();
  });
}

/** The calendar's text. Every failure is a CalendarFetchError with a message for the user. */
export async function fetchIcs(rawUrl: string): Promise<string> {
  const checked = checkCalendarUrl(rawUrl);
  if ("problem" in checked) throw new CalendarFetchError(checked.problem);
  const guard = !privateUrlsAllowed();
  const timeoutMs = calendarFetchTimeoutMs();
  const opts = { guard, deadline: Date.now() + timeoutMs, maxBytes: calendarMaxBytes() };
  let url = new URL(checked.url);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer = await request(url, opts);
      if (answer.body) return answer.body.toString("utf8");
      if (!answer.location) throw new CalendarFetchError(`The calendar server answered with an error (${answer.status})`);
      const next = checkCalendarUrl(new URL(answer.location, url).toString());
      if ("problem" in next) throw new CalendarFetchError(`The calendar address redirects to an address that cannot be used: ${next.problem}`);
      url = new URL(next.url);
    }
    throw new CalendarFetchError("The calendar address redirects too many times");
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    if (err instanceof PrivateAddressError) throw new CalendarFetchError("That address points to a private network address");
    if (err instanceof Timeout) {
      const seconds = Math.ceil(timeoutMs / 1000);
      throw new CalendarFetchError(`The calendar server did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`);
    }
    if (err instanceof TooLarge) throw new CalendarFetchError(sizeLimitMessage());
    throw new CalendarFetchError("Could not reach the calendar server");
  }
}
