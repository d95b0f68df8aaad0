import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findMeetingLink } from "./find-meeting-link.ts";
import { calendarName, MAX_INSTANCES, NOT_A_CALENDAR_MESSAGE, NotACalendarError, parseIcs } from "./parse-ics.ts";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../test/calendar/fixtures", name), "utf8");
const WINDOW = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") };
const ics = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
const TEAMS_URL =
  "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjM4ZTk0YjItOGQ1Zi00%40thread.v2/0?context=%7B%22Tid%22%3A%2272f988bf%22%2C%22Oid%22%3A%22a1b2c3d4%22%7D";

describe("parseIcs on real-world shaped exports", () => {
  it("reads a Google Calendar export: VTIMEZONE, Meet conference, organiser, folded description; skips all-day events", async () => {
    const { name, instances, allDay } = await parseIcs(fixture("google-export.ics"), WINDOW);
    expect(name).toBe("ada@example.com");
    // The all-day event is counted, so the calendar can say it was left out (issue 31).
    expect(allDay).toBe(1);
    expect(instances.map((i) => i.title)).toEqual(["Roadmap review", "Team lunch"]);
    const [review, lunch] = instances;
    expect(review).toMatchObject({
      uid: "5m2hq0n4v1d8c7k3j9s6f2a1bq@google.com",
      recurrenceId: "",
      sequence: 0,
      cancelled: false,
      organizerEmail: "grace.hopper@example.com",
      conferenceUrls: ["https://meet.google.com/xkq-wbnr-tpa"],
    });
    // 15:00 in Berlin in December is 14:00 UTC.
    expect(review.start.toISOString()).toBe("2026-12-03T14:00:00.000Z");
    expect(review.end?.toISOString()).toBe("2026-12-03T15:00:00.000Z");
    // Folded lines are unfolded: the Meet link in the description is whole.
    expect(review.description).toContain("Join with Google Meet: https://meet.google.com/xkq-wbnr-tpa\nOr dial");
    expect(findMeetingLink(review)).toEqual({ platform: "meet", url: "https://meet.google.com/xkq-wbnr-tpa", meetingId: "xkq-wbnr-tpa", passcode: null });
    expect(findMeetingLink({ ...review, conferenceUrls: [] })?.url).toBe("https://meet.google.com/xkq-wbnr-tpa");
    expect(lunch.location).toBe("Café Einstein, Unter den Linden 42, Berlin");
    expect(findMeetingLink(lunch)).toBeNull();
  });

  it("reads an Outlook/Exchange export: Windows zone names with and without VTIMEZONE, Teams link, HTML body behind SafeLinks", async () => {
    const { instances } = await parseIcs(fixture("outlook-exchange.ics"), WINDOW);
    const [release, seattle] = instances;
    expect(release.title).toBe("Release readiness");
    expect(release.sequence).toBe(1);
    expect(release.organizerEmail).toBe("linus@contoso.com");
    // "W. Europe Standard Time" from its VTIMEZONE block: 14:00 CET = 13:00 UTC.
    expect(release.start.toISOString()).toBe("2026-12-10T13:00:00.000Z");
    expect(release.htmlDescription).toMatch(/^<html>.*Join the meeting now<\/a>/s);
    // The conference property, the SafeLinks-wrapped plain-text link and the HTML href agree.
    expect(findMeetingLink(release)).toMatchObject({ platform: "teams", url: TEAMS_URL });
    expect(findMeetingLink({ ...release, conferenceUrls: [] })?.url).toBe(TEAMS_URL);
    expect(findMeetingLink({ ...release, conferenceUrls: [], description: "" })?.url).toBe(TEAMS_URL);

    // "Pacific Standard Time" with no VTIMEZONE block at all: 09:00 PST = 17:00 UTC.
    expect(seattle.start.toISOString()).toBe("2026-12-11T17:00:00.000Z");
    expect(seattle.end?.toISOString()).toBe("2026-12-11T17:30:00.000Z");
    expect(seattle.organizerEmail).toBe("satya@fabrikam.com");
    expect(findMeetingLink(seattle)).toMatchObject({ platform: "teams", url: "https://teams.live.com/meet/9398765432101?p=AbCdEfGh" });
  });

  it("expands a weekly series with EXDATEs, a moved instance and a cancelled instance", async () => {
    const { instances } = await parseIcs(fixture("weekly-series.ics"), WINDOW);
    expect(instances.map((i) => [i.start.toISOString(), i.recurrenceId, i.cancelled])).toEqual([
      ["2026-11-02T14:30:00.000Z", "2026-11-02T14:30:00.000Z", false],
      ["2026-11-09T14:30:00.000Z", "2026-11-09T14:30:00.000Z", false],
      // 16 and 30 November are EXDATEs.
      ["2026-11-23T14:30:00.000Z", "2026-11-23T14:30:00.000Z", false],
      // 7 December moved to Tuesday 8th, 11:00 New York; it keeps its original recurrence id.
      ["2026-12-08T16:00:00.000Z", "2026-12-07T14:30:00.000Z", false],
      ["2026-12-14T14:30:00.000Z", "2026-12-14T14:30:00.000Z", true],
      ["2026-12-21T14:30:00.000Z", "2026-12-21T14:30:00.000Z", false],
      // UNTIL is inclusive.
      ["2026-12-28T14:30:00.000Z", "2026-12-28T14:30:00.000Z", false],
    ]);
    const moved = instances[3];
    expect(moved).toMatchObject({ title: "Weekly standup (moved to Tuesday)", sequence: 1 });
    expect(moved.end?.toISOString()).toBe("2026-12-08T16:15:00.000Z");
    for (const i of instances) expect(findMeetingLink(i)?.url).toBe("https://us02web.zoom.us/j/85212345678?pwd=AbCdEf123.1");
  });

  it("expands only inside the window, keeping a meeting already under way at its start", async () => {
    const { instances } = await parseIcs(fixture("weekly-series.ics"), { from: new Date("2026-11-23T14:40:00Z"), to: new Date("2026-12-10T00:00:00Z") });
    expect(instances.map((i) => i.start.toISOString())).toEqual(["2026-11-23T14:30:00.000Z", "2026-12-08T16:00:00.000Z"]);
  });

  it("reads a cancelled event with its SEQUENCE", async () => {
    const { instances } = await parseIcs(fixture("cancelled.ics"), WINDOW);
    expect(instances).toHaveLength(1);
    expect(instances[0]).toMatchObject({ uid: "5m2hq0n4v1d8c7k3j9s6f2a1bq@google.com", sequence: 1, cancelled: true });
  });

  it("reads a Zoom invitation and keeps the passcode in the link", async () => {
    const { instances } = await parseIcs(fixture("zoom-invite.ics"), WINDOW);
    expect(instances).toHaveLength(1);
    expect(instances[0].start.toISOString()).toBe("2026-12-15T16:00:00.000Z");
    expect(instances[0].description).toContain("Passcode: 482913");
    expect(findMeetingLink(instances[0])).toEqual({
      platform: "zoom",
      url: "https://us06web.zoom.us/j/85712345678?pwd=aBcD1234eFgH5678.1",
      meetingId: "85712345678",
      passcode: "aBcD1234eFgH5678.1",
    });
  });
});

describe("parseIcs details", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads RFC 7986 CONFERENCE properties (repeated, with parameters) before the free text", async () => {
    const { instances } = await parseIcs(
      ics(
        "BEGIN:VEVENT",
        "UID:conf@test",
        "DTSTART:20261201T090000Z",
        "CONFERENCE;VALUE=URI;FEATURE=PHONE;LABEL=Dial in:tel:+1-555-0100",
        "CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Join:https://meet.google.com/aaa-bbbb-ccc",
        "DESCRIPTION:Old link: https://zoom.us/j/123456789",
        "END:VEVENT",
      ),
      WINDOW,
    );
    expect(instances[0].conferenceUrls).toEqual(["tel:+1-555-0100", "https://meet.google.com/aaa-bbbb-ccc"]);
    expect(findMeetingLink(instances[0])?.url).toBe("https://meet.google.com/aaa-bbbb-ccc");
  });

  it("keeps the newest copy of a UID by SEQUENCE", async () => {
    const event = (seq: number, day: string) => ["BEGIN:VEVENT", "UID:dup@test", `SEQUENCE:${seq}`, `SUMMARY:v${seq}`, `DTSTART:202612${day}T090000Z`, "END:VEVENT"];
    const { instances } = await parseIcs(ics(...event(1, "01"), ...event(3, "03"), ...event(2, "02")), WINDOW);
    expect(instances.map((i) => [i.title, i.sequence, i.start.toISOString()])).toEqual([["v3", 3, "2026-12-03T09:00:00.000Z"]]);
  });

  it("reads floating times in the calendar's X-WR-TIMEZONE (else UTC), whatever zone the server runs in", async () => {
    vi.stubEnv("TZ", "Asia/Tokyo");
    const floating = ["BEGIN:VEVENT", "UID:f@test", "DTSTART:20261210T090000", "DTEND:20261210T100000", "END:VEVENT"];
    const inNewYork = await parseIcs(ics("X-WR-TIMEZONE:America/New_York", ...floating), WINDOW);
    expect(inNewYork.instances[0].start.toISOString()).toBe("2026-12-10T14:00:00.000Z");
    expect(inNewYork.instances[0].end?.toISOString()).toBe("2026-12-10T15:00:00.000Z");
    const inUtc = await parseIcs(ics(...floating), WINDOW);
    expect(inUtc.instances[0].start.toISOString()).toBe("2026-12-10T09:00:00.000Z");
  });

  it("maps a Windows zone name without a VTIMEZONE block across daylight saving time", async () => {
    const at = (day: string) => ["BEGIN:VEVENT", `UID:${day}@test`, `DTSTART;TZID=W. Europe Standard Time:2026${day}T100000`, "END:VEVENT"];
    const { instances } = await parseIcs(ics(...at("0710"), ...at("1210")), { from: new Date("2026-07-01Z"), to: new Date("2027-01-01Z") });
    expect(instances.map((i) => i.start.toISOString())).toEqual(["2026-07-10T08:00:00.000Z", "2026-12-10T09:00:00.000Z"]);
    // No DTEND: no end.
    expect(instances[0].end).toBeNull();
  });

  it("skips events without a valid start and rules repeating every minute or second", async () => {
    const { instances } = await parseIcs(
      ics(
        ...["BEGIN:VEVENT", "UID:bad@test", "DTSTART:garbage", "END:VEVENT"],
        ...["BEGIN:VEVENT", "UID:sec@test", "DTSTART:20261201T090000Z", "RRULE:FREQ=SECONDLY", "END:VEVENT"],
        ...["BEGIN:VEVENT", "UID:min@test", "DTSTART:20261201T090000Z", "RRULE:FREQ=MINUTELY;INTERVAL=5", "END:VEVENT"],
        ...["BEGIN:VEVENT", "UID:ok@test", "DTSTART:20261201T090000Z", "END:VEVENT"],
      ),
      WINDOW,
    );
    expect(instances.map((i) => i.uid)).toEqual(["ok@test"]);
  });

  it(`keeps at most ${MAX_INSTANCES} occurrences however many a file holds`, async () => {
    const { instances } = await parseIcs(ics("BEGIN:VEVENT", "UID:hourly@test", "DTSTART:20261101T000000Z", "RRULE:FREQ=HOURLY", "END:VEVENT"), {
      from: WINDOW.from,
      to: new Date("2027-06-01T00:00:00Z"),
    });
    expect(instances).toHaveLength(MAX_INSTANCES);
  });

  it.each([
    ["a vCard", fixture("not-a-calendar.ics")],
    ["an empty file", ""],
    ["an HTML page", "<!doctype html><html><body>Sign in</body></html>"],
    ["plain text", "hello world"],
    ["a truncated calendar", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\n"],
    ["binary data", "\u0000\u0001PK\u0003\u0004"],
  ])("refuses %s", async (_, text) => {
    const error = await parseIcs(text, WINDOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotACalendarError);
    expect((error as Error).message).toBe(NOT_A_CALENDAR_MESSAGE);
  });

  it("accepts an empty calendar and a byte-order mark", async () => {
    expect(await parseIcs(`\uFEFF${ics()}`, WINDOW)).toEqual({ name: null, instances: [], allDay: 0 });
  });
});

describe("calendarName (read by the web before the jobs process parses the file)", () => {
  it("agrees with the parser on plain, folded and escaped names, and takes no event's property for one", async () => {
    const files = [
      ics("X-WR-CALNAME:Team", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T100000Z", "END:VEVENT"),
      ics("X-WR-CALNAME;VALUE=TEXT:Sales\\, EMEA \\; ", " APAC", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T100000Z", "END:VEVENT"),
      ics("BEGIN:VEVENT", "UID:a", "DTSTART:20261201T100000Z", "X-WR-CALNAME:Not the calendar", "END:VEVENT"),
      fixture("google-export.ics"),
    ];
    expect(files.map(calendarName)).toEqual(["Team", "Sales, EMEA ; APAC", null, "ada@example.com"]);
    for (const text of files.slice(0, 2).concat(files[3])) expect(calendarName(text)).toBe((await parseIcs(text, WINDOW)).name);
  });
});
