import type { ToolContext } from "./types.ts";

// Who the meeting's owner is (docs/tools.md, "Who is the owner"). A display name is never an
// identity: guests choose their names. In Cohost's test room the owner is the participant whose
// signed-in session joined; on Meet, Teams and Zoom it is the participant the owner confirmed as
// themselves on the live meeting page ("That's me"), bound to that participant's id in this meeting.

/** A display name compared the way people read it: case, accents, punctuation and spacing ignored. */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export interface RosterEntry {
  id: string;
  name: string;
  isSelf: boolean;
  /** The bridge's speaker ids that carry this participant's voice now. */
  speakerIds: string[];
}

/** What the meeting verified about its owner. */
export type OwnerProof =
  /** Test room: the ids of the participants whose signed-in session is the owner's account. */
  | { kind: "session"; participantIds: ReadonlySet<string> }
  /** Meet, Teams, Zoom: the participant the owner confirmed on the live meeting page, if any. */
  | { kind: "confirmed"; participantId: string | null };

/**
 * Whether this turn's speaker is the meeting's owner: the turn's audio was tagged (untagged speech
 * could be anyone), the tag belongs to a participant in the roster now, and that participant is the
 * verified one. A confirmed participant on Meet, Teams or Zoom loses the rights while anyone else in
 * the call shows the same name: the owner picked a name from a list, and the platforms' speaker and
 * participant ids are not reliable enough to tell two namesakes apart; the rights come back when
 * the namesake leaves.
 */
export function speakerIsOwner(context: ToolContext, roster: readonly RosterEntry[], proof: OwnerProof): boolean {
  if (context.chat) return chatSenderIsOwner(context.chat.senderId, roster, proof);
  const speakerId = context.speakerId;
  if (!speakerId) return false;
  const speaking = roster.filter((p) => !p.isSelf && p.speakerIds.includes(speakerId));
  // A voice the roster gives to two people (a mix) is nobody's in particular.
  if (speaking.length !== 1) return false;
  return isVerifiedOwner(speaking[0], roster, proof);
}

/**
 * Whether a chat line's sender is the owner: only by the meeting's own identity of the sender (the
 * test room's participant id, stamped by the server), present in the roster now and verified like a
 * voice. A sender known only by a name (Meet, Teams, Zoom chat) is never the owner.
 */
function chatSenderIsOwner(senderId: string | null, roster: readonly RosterEntry[], proof: OwnerProof): boolean {
  if (!senderId) return false;
  const person = roster.find((p) => !p.isSelf && p.id === senderId);
  return person !== undefined && isVerifiedOwner(person, roster, proof);
}

function isVerifiedOwner(person: RosterEntry, roster: readonly RosterEntry[], proof: OwnerProof): boolean {
  if (proof.kind === "session") return proof.participantIds.has(person.id);
  if (proof.participantId === null || person.id !== proof.participantId) return false;
  const key = nameKey(person.name);
  return !roster.some((p) => !p.isSelf && p.id !== person.id && nameKey(p.name) === key);
}
