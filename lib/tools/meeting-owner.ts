import type { ToolContext } from "./types.ts";

/** A display name compared the way people read it: case, accents, punctuation and spacing ignored. */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

interface RosterEntry {
  name: string;
  isSelf: boolean;
}

/**
 * Whether the person this turn answers is the meeting's owner (docs/tools.md, "Who is speaking"):
 * the turn's audio must have been tagged with a participant (untagged speech could be anyone), the
 * name the platform showed for that participant when the turn was spoken must be the owner's name,
 * and nobody else in the call may carry the same name. A display name is what the platforms tell
 * us; it can be copied, which is why only leaving depends on it.
 */
export function speakerIsOwner(ownerName: string, context: ToolContext, roster: readonly RosterEntry[]): boolean {
  const owner = nameKey(ownerName);
  if (!context.speakerId || !owner || nameKey(context.speaker) !== owner) return false;
  return roster.filter((p) => !p.isSelf && nameKey(p.name) === owner).length === 1;
}
