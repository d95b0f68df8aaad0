import { describe, expect, it } from "vitest";
import { meetingCode } from "./meeting-code.ts";

describe("meetingCode", () => {
  it.each([
    ["https://us02web.zoom.us/j/85212345678?pwd=x", "852 1234 5678"],
    ["https://agency.zoomgov.com/j/1601234567", "160 123 4567"],
    ["https://zoom.us/j/123456789", "123 456 789"],
    ["https://meet.google.com/abc-defg-hij", "abc-defg-hij"],
    ["https://teams.live.com/meet/9398765432101?p=AbCd", "9398765432101"],
    ["https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0", null],
    ["https://acme.zoom.us/my/ada.lovelace", null],
    ["http://localhost:3000/rooms/AAAAAAAAAAAAAAAAAAAAAA", null],
  ])("%s → %s", (url, code) => {
    expect(meetingCode(url)).toBe(code);
  });
});
