import { describe, expect, it } from "vitest";
import { speakerIsOwner, type RosterEntry } from "./meeting-owner.ts";

// A typed question carries exactly its sender's rights (docs/tools.md, "Who may use which tool"):
// the meeting's own identity of the sender, verified like a voice; a name alone never.

const roster: RosterEntry[] = [
  { id: "bot", name: "Cohost", isSelf: true, speakerIds: [] },
  { id: "p-grace", name: "Grace Hopper", isSelf: false, speakerIds: ["s1"] },
  { id: "p-guest", name: "Grace Hopper", isSelf: false, speakerIds: ["s2"] },
];
const chat = (senderId: string | null) => ({ turnId: 1, speaker: "Grace Hopper", speakerId: null, chat: { senderId } });
const session = { kind: "session" as const, participantIds: new Set(["p-grace"]) };

describe("a chat sender's rights", () => {
  it("in the test room, the participant the server stamped as the owner's signed-in session is the owner", () => {
    expect(speakerIsOwner(chat("p-grace"), roster, session)).toBe(true);
  });

  it("a guest with the owner's display name is not, nor a sender known only by a name, nor one no longer present", () => {
    expect(speakerIsOwner(chat("p-guest"), roster, session)).toBe(false);
    expect(speakerIsOwner(chat(null), roster, session)).toBe(false);
    expect(speakerIsOwner(chat("p-gone"), roster, { kind: "session", participantIds: new Set(["p-gone"]) })).toBe(false);
  });

  it("a chat line never borrows a voice's identity: its speaker id is ignored", () => {
    expect(speakerIsOwner({ ...chat(null), speakerId: "s1" }, roster, session)).toBe(false);
  });

  it("on a platform, only the confirmed participant's own id, and not while a namesake is present", () => {
    const confirmed = { kind: "confirmed" as const, participantId: "p-grace" };
    expect(speakerIsOwner(chat("p-grace"), roster, confirmed)).toBe(false);
    expect(speakerIsOwner(chat("p-grace"), roster.slice(0, 2), confirmed)).toBe(true);
    expect(speakerIsOwner(chat(null), roster.slice(0, 2), confirmed)).toBe(false);
  });
});
