import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CalendarFetchError, checkCalendarUrl, fetchIcs } from "@/lib/calendar/fetch-ics";

const CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";

// A calendar server: each path is one behaviour.
let server: http.Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url!);
    const path = req.url!.split("?")[0];
    if (path === "/cal.ics") return res.writeHead(200, { "content-type": "text/calendar" }).end(CALENDAR);
    if (path === "/gzip.ics") return res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync(CALENDAR));
    if (path === "/redirect") return res.writeHead(302, { location: "/cal.ics" }).end();
    if (path === "/loop") return res.writeHead(301, { location: "/loop" }).end();
    if (path === "/to-ftp") return res.writeHead(302, { location: "ftp://example.com/cal.ics" }).end();
    if (path === "/to-credentials") return res.writeHead(307, { location: `http://user:secret@127.0.0.1:${(server.address() as AddressInfo).port}/cal.ics` }).end();
    if (path === "/big") return res.writeHead(200).end("x".repeat(2048));
    if (path === "/big-no-length") {
      res.writeHead(200);
      res.write("x".repeat(600));
      res.write("x".repeat(600));
      return res.end();
    }
    // 2 KB of calendar text in a few dozen bytes of gzip: the limit applies to what it inflates to.
    if (path === "/gzip-bomb") return res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync("x".repeat(2048)));
    if (path === "/slow") return setTimeout(() => res.end(CALENDAR), 2000);
    if (path === "/trickle") {
      res.writeHead(200);
      const t = setInterval(() => res.write("x"), 50);
      return res.on("close", () => clearInterval(t));
    }
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

const failure = (url: string) => fetchIcs(url).then(() => null, (e: unknown) => e as Error);

describe("checkCalendarUrl", () => {
  beforeEach(() => {
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
  });

  it("turns webcal:// into https:// and drops the fragment", () => {
    expect(checkCalendarUrl(" webcal://p52-caldav.icloud.com/published/2/abc#x ")).toEqual({ url: "https://p52-caldav.icloud.com/published/2/abc" });
    expect(checkCalendarUrl("https://calendar.google.com/calendar/ical/a%40b.com/private-1/basic.ics")).toEqual({
      url: "https://calendar.google.com/calendar/ical/a%40b.com/private-1/basic.ics",
    });
  });

  it.each([
    ["not a URL", "calendar please", "Enter the calendar's address, e.g. https://calendar.google.com/calendar/ical/…/basic.ics"],
    ["another scheme", "ftp://example.com/cal.ics", "Calendar addresses must start with https://, http:// or webcal://"],
    ["a file", "file:///etc/passwd", "Calendar addresses must start with https://, http:// or webcal://"],
    ["credentials", "https://user:pw@example.com/cal.ics", "Calendar addresses with a user name or password are not supported"],
    ["loopback", "http://127.0.0.1:8080/cal.ics", "That address points to a private network address"],
    ["localhost", "webcal://localhost/cal.ics", "That address points to a private network address"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data", "That address points to a private network address"],
    ["a private IPv6 literal", "http://[fd00::1]/cal.ics", "That address points to a private network address"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/cal.ics", "That address points to a private network address"],
  ])("refuses %s", (_, raw, problem) => {
    expect(checkCalendarUrl(raw)).toEqual({ problem });
  });
});

describe("fetchIcs", () => {
  it("refuses a private address before connecting", async () => {
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    const before = hits.length;
    const error = await failure(`${base}/cal.ics`);
    expect(error).toBeInstanceOf(CalendarFetchError);
    expect(error?.message).toBe("That address points to a private network address");
    expect(hits.length).toBe(before);
  });

  describe("with private addresses allowed (a test server on loopback)", () => {
    beforeEach(() => {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
      process.env.CALENDAR_MAX_BYTES = "1024";
      process.env.CALENDAR_FETCH_TIMEOUT_MS = "500";
    });

    it("fetches a calendar, plain or compressed, following a redirect", async () => {
      expect(await fetchIcs(`${base}/cal.ics`)).toBe(CALENDAR);
      expect(await fetchIcs(`${base}/gzip.ics`)).toBe(CALENDAR);
      expect(await fetchIcs(`${base}/redirect`)).toBe(CALENDAR);
    });

    it.each([
      ["an error status", "/missing", "The calendar server answered with an error (404)"],
      ["a redirect loop", "/loop", "The calendar address redirects too many times"],
      ["a redirect to another scheme", "/to-ftp", "The calendar address redirects to an address that cannot be used: Calendar addresses must start with https://, http:// or webcal://"],
      ["a redirect adding credentials", "/to-credentials", "The calendar address redirects to an address that cannot be used: Calendar addresses with a user name or password are not supported"],
      ["a body over the limit (Content-Length)", "/big", "The calendar is larger than 1 KB"],
      ["a body over the limit (streamed)", "/big-no-length", "The calendar is larger than 1 KB"],
      ["a body over the limit once decompressed", "/gzip-bomb", "The calendar is larger than 1 KB"],
      ["a server that does not answer in time", "/slow", "The calendar server did not answer within 1 second"],
      ["a server that answers too slowly", "/trickle", "The calendar server did not answer within 1 second"],
    ])("fails with a clear message on %s", async (_, path, message) => {
      const error = await failure(`${base}${path}`);
      expect(error).toBeInstanceOf(CalendarFetchError);
      expect(error?.message).toBe(message);
    });

    it("says so when nothing listens", async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      expect((await failure(`http://127.0.0.1:${port}/cal.ics`))?.message).toBe("Could not reach the calendar server");
    });
  });
});
