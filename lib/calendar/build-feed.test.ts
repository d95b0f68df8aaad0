import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { buildFeed, feedSequence, type FeedMeeting } from "./build-feed.ts";

const meeting = (over: Partial<FeedMeeting> = {}): FeedMeeting => ({
  id: "cm1abc",
  title: "Roadmap review",
  meetingUrl: "https://meet.google.com/xkq-wbnr-tpa",
  platform: "meet",
  status: "scheduled",
  scheduledStart: new Date("2026-12-03T14:00:00Z"),
  scheduledEnd: new Date("2026-12-03T15:00:00Z"),
  createdAt: new Date("2026-11-20T08:00:00Z"),
  updatedAt: new Date("2026-11-21T09:30:00Z"),
  agentName: "Helper",
  ...over,
});

const lines = (text: string) => text.split("\r\n").slice(0, -1);
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("buildFeed", () => {
  it("writes the calendar properties subscribers need, CRLF line ends and UTC times", () => {
    const text = buildFeed({ name: "Cohost – Helper", meetings: [meeting()], appUrl: "https://cohost.example" });
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const flat = lines(unfold(text));
    expect(flat.slice(0, 2)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0"]);
    for (const line of ["PRODID:-//Cohost//Cohost//EN", "METHOD:PUBLISH", "CALSCALE:GREGORIAN", "X-WR-CALNAME:Cohost – Helper", "X-PUBLISHED-TTL:PT15M"]) {
      expect(flat).toContain(line);
    }
    expect(flat).toEqual(
      expect.arrayContaining([
        "UID:meeting-cm1abc@cohost",
        "DTSTART:20261203T140000Z",
        "DTEND:20261203T150000Z",
        "DTSTAMP:20261121T093000Z",
        `SEQUENCE:${feedSequence(new Date("2026-11-21T09:30:00Z"))}`,
        "STATUS:CONFIRMED",
        "SUMMARY:Roadmap review",
        "LOCATION:https://meet.google.com/xkq-wbnr-tpa",
      ]),
    );
  });

  it("folds lines at 75 octets without splitting characters and escapes text", () => {
    const title = "Quartalsplanung für Überraschungen; Teil 1, Teil 2 \\ Anhang — ".repeat(3);
    const text = buildFeed({ name: "Ünïcödé calendar", meetings: [meeting({ title })], appUrl: "https://cohost.example" });
    for (const line of lines(text)) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text).not.toContain("\uFFFD");
    expect(unfold(text)).toContain(`SUMMARY:${title.trim().replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,")}`);
  });

  it("round-trips through an ICS parser: cancelled and failed meetings, default title and duration, description", async () => {
    const text = buildFeed({
      name: "All meetings",
      meetings: [
        meeting(),
        meeting({ id: "cm2", title: "", status: "cancelled", platform: "zoom", meetingUrl: "https://zoom.us/j/123456789", scheduledEnd: null, agentName: null }),
        meeting({ id: "cm3", status: "failed" }),
        meeting({ id: "cm4", status: "completed" }),
      ],
      appUrl: "https://cohost.example",
    });
    const parsed = await ical.async.parseICS(text);
    const first = parsed["meeting-cm1abc@cohost"] as VEvent;
    const second = parsed["meeting-cm2@cohost"] as VEvent;
    expect(first.status).toBe("CONFIRMED");
    expect(first.description).toBe(
      "Helper joins this Google Meet meeting.\nStatus: Scheduled\nJoin: https://meet.google.com/xkq-wbnr-tpa\nDetails: https://cohost.example/meetings/cm1abc/details",
    );
    expect(second).toMatchObject({ status: "CANCELLED", summary: "Zoom meeting 123 456 789" });
    expect(second.end!.getTime() - second.start.getTime()).toBe(30 * 60_000);
    // The agent did not attend a failed meeting: calendar apps must not show it as one it joins.
    expect(parsed["meeting-cm3@cohost"]).toMatchObject({ status: "CANCELLED", description: expect.stringContaining("Status: Failed") });
    expect(parsed["meeting-cm4@cohost"]).toMatchObject({ status: "CONFIRMED", description: expect.stringContaining("Status: Completed") });
  });

  it("raises SEQUENCE when a meeting changes and keeps its UID", () => {
    const before = buildFeed({ name: "x", meetings: [meeting()], appUrl: "https://c.example" });
    const after = buildFeed({ name: "x", meetings: [meeting({ scheduledStart: new Date("2026-12-04T14:00:00Z"), updatedAt: new Date("2026-11-22T10:00:00Z") })], appUrl: "https://c.example" });
    const seq = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)![1]);
    expect(seq(after)).toBeGreaterThan(seq(before));
    expect(after).toContain("UID:meeting-cm1abc@cohost");
  });

  it("is a valid empty calendar without meetings", async () => {
    const text = buildFeed({ name: "Nothing yet", meetings: [], appUrl: "https://c.example" });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(text).not.toContain("BEGIN:VEVENT");
  });
});
