import { describe, expect, it } from "vitest";
import { englishMeetingTitle } from "../meetings/english-meeting-title.ts";
import { translator } from "./translator.ts";

describe("translator (catalogue text outside a request)", () => {
  it("formats the compiled catalogue's messages in the locale: arguments and plurals", () => {
    const de = translator("de", "billing");
    expect(de("minutes", { count: 1 })).toBe("1 Minute");
    expect(de("minutes", { count: 42 })).toBe("42 Minuten");
    expect(translator("en", "meetings")("titles.withCode", { platform: "Zoom", code: "852 1234 5678" })).toBe("Zoom meeting 852 1234 5678");
  });

  it("a key the catalogue lacks, or a group of messages, is a programming error", () => {
    const t = translator("en", "meetings");
    expect(() => t("titles.nothing")).toThrow('No message "meetings.titles.nothing"');
    expect(() => t("titles")).toThrow('No message "meetings.titles"');
    expect(() => translator("en", "nowhere")).toThrow('No catalogue namespace "nowhere"');
  });

  it("englishMeetingTitle names a meeting without a title the way the pages do", () => {
    expect(englishMeetingTitle({ title: "Retro", platform: "zoom", meetingUrl: "https://zoom.us/j/85212345678" })).toBe("Retro");
    expect(englishMeetingTitle({ title: " ", platform: "zoom", meetingUrl: "https://zoom.us/j/85212345678" })).toBe("Zoom meeting 852 1234 5678");
    expect(englishMeetingTitle({ title: "", platform: "meet", meetingUrl: "https://meet.google.com/abc-defg-hij" })).toBe("Google Meet abc-defg-hij");
    expect(englishMeetingTitle({ title: "", platform: "teams", meetingUrl: "https://teams.microsoft.com/l/meetup-join/x" })).toBe("Microsoft Teams meeting");
    expect(englishMeetingTitle({ title: "", platform: "room", meetingUrl: "http://localhost/rooms/r1", agentName: "Cohost" })).toBe("Test room with Cohost");
  });
});
