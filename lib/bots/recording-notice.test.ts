import { describe, expect, it } from "vitest";
import { admissionChatLine, recordingNotice } from "./recording-notice.ts";

describe("the chat line on admission", () => {
  const entry = "Cohost (Cohost) is here to help and transcribes this meeting for Ada King.";

  it("is the entry line alone for an agent that does not record", () => {
    expect(admissionChatLine(entry, { recordMeetings: false, language: "en" })).toBe(entry);
    expect(admissionChatLine(null, { recordMeetings: false, language: "en" })).toBeNull();
  });

  it("says the meeting is recorded, in the agent's language, also when the entry line is off", () => {
    expect(admissionChatLine(entry, { recordMeetings: true, language: "en" })).toBe(`${entry} Hello, please note that this meeting is being recorded.`);
    expect(admissionChatLine(null, { recordMeetings: true, language: "de" })).toBe(recordingNotice("de"));
    expect(recordingNotice("de")).toContain("aufgezeichnet");
  });
});
