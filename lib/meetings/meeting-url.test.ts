import { describe, expect, it } from "vitest";
import { parseMeetingUrl, platformOfBadLink } from "./meeting-url.ts";

describe("parseMeetingUrl", () => {
  it.each([
    ["https://us02web.zoom.us/j/85212345678?pwd=AbCdEf123.1", "https://us02web.zoom.us/j/85212345678?pwd=AbCdEf123.1", "85212345678", "AbCdEf123.1"],
    ["https://zoom.us/j/123456789", "https://zoom.us/j/123456789", "123456789", null],
    ["zoom.us/j/123456789?uname=x&pwd=p1", "https://zoom.us/j/123456789?pwd=p1", "123456789", "p1"],
    ["https://app.zoom.us/wc/85212345678/join?pwd=xyz", "https://app.zoom.us/j/85212345678?pwd=xyz", "85212345678", "xyz"],
    ["https://zoom.us/wc/join/85212345678", "https://zoom.us/j/85212345678", "85212345678", null],
    ["https://company.zoom.us/w/98765432101?tk=abc", "https://company.zoom.us/j/98765432101", "98765432101", null],
    ["https://acme.zoom.us/my/Ada.Lovelace", "https://acme.zoom.us/my/ada.lovelace", null, null],
    ["https://agency.zoomgov.com/j/1601234567", "https://agency.zoomgov.com/j/1601234567", "1601234567", null],
  ])("zoom %s", (raw, url, meetingId, passcode) => {
    expect(parseMeetingUrl(raw)).toEqual({ platform: "zoom", url, meetingId, passcode });
  });

  it.each([
    [
      "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjM4ZTk0%40thread.v2/0?context=%7b%22Tid%22%3a%22t1%22%2c%22Oid%22%3a%22o1%22%7d&utm=1",
      "https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjM4ZTk0%40thread.v2/0?context=%7B%22Tid%22%3A%22t1%22%2C%22Oid%22%3A%22o1%22%7D",
      null,
      null,
    ],
    ["https://teams.live.com/meet/9398765432101?p=AbCdEfGh", "https://teams.live.com/meet/9398765432101?p=AbCdEfGh", "9398765432101", "AbCdEfGh"],
    ["https://teams.microsoft.com/meet/2345678901234?p=Zz9", "https://teams.microsoft.com/meet/2345678901234?p=Zz9", "2345678901234", "Zz9"],
    ["https://gov.teams.microsoft.us/l/meetup-join/19%3ameeting_x%40thread.v2/0", "https://gov.teams.microsoft.us/l/meetup-join/19%3ameeting_x%40thread.v2/0", null, null],
  ])("teams %s", (raw, url, meetingId, passcode) => {
    expect(parseMeetingUrl(raw)).toEqual({ platform: "teams", url, meetingId, passcode });
  });

  it.each([
    ["https://meet.google.com/abc-defg-hij", "abc-defg-hij"],
    ["meet.google.com/ABC-DEFG-HIJ?authuser=1&hs=122", "abc-defg-hij"],
    ["http://meet.google.com/abc-defg-hij/", "abc-defg-hij"],
  ])("meet %s", (raw, code) => {
    expect(parseMeetingUrl(raw)).toEqual({ platform: "meet", url: `https://meet.google.com/${code}`, meetingId: code, passcode: null });
  });

  it.each([
    "",
    "   ",
    "not a link",
    "https://example.com/j/123456789",
    "https://zoom.us.evil.com/j/123456789",
    "https://evilzoom.us/j/123456789",
    "https://zoom.us/j/12345",
    "https://zoom.us/",
    "https://meet.google.com/abc-defg-hi",
    "https://meet.google.com/new",
    "https://meet.google.com.evil.com/abc-defg-hij",
    "https://teams.microsoft.com/",
    "https://teams.microsoft.com/l/channel/19%3a1",
    "ftp://zoom.us/j/123456789",
    "javascript:alert(1)",
    "https://user:pass@zoom.us/j/123456789",
    "https://zoom.us:8443/j/123456789",
    "https://meet.google.com/abc-defg-hij extra",
    `https://zoom.us/j/123456789?pwd=${"x".repeat(3000)}`,
    "https://zoom.us/j/1234567890\u0000",
  ])("rejects %j", (raw) => {
    expect(parseMeetingUrl(raw)).toBeNull();
  });
});

describe("platformOfBadLink", () => {
  it("names the platform of a link on its site that is not a meeting link, with or without https://", () => {
    expect(platformOfBadLink("zoom.us/j/123")).toBe("zoom");
    expect(platformOfBadLink("https://us02web.zoom.us/meeting")).toBe("zoom");
    expect(platformOfBadLink("meet.google.com/landing")).toBe("meet");
    expect(platformOfBadLink("https://teams.microsoft.com/v2/")).toBe("teams");
    // A real meeting link, or another site, is not a "bad link" of a platform.
    expect(platformOfBadLink("zoom.us/j/85212345678")).toBeNull();
    expect(platformOfBadLink("https://example.com/j/123")).toBeNull();
    expect(platformOfBadLink("not a link")).toBeNull();
  });
});
