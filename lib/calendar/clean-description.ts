// Invitation texts carry the platform's joining instructions between markers: Google Meet's
// "-::~:~::~…::-" lines, and Microsoft Teams' long lines of underscores. Cohost shows the meeting
// link on its own, so the description an event keeps is what the organiser wrote. Link detection
// reads the full text before this runs.

const MEET_MARKER = String.raw`-::~[:~]*::-`;
const TEAMS_MARKER = String.raw`_{30,}`;
const BLOCKS = [new RegExp(`${MEET_MARKER}[\\s\\S]*?${MEET_MARKER}`, "g"), new RegExp(`${TEAMS_MARKER}[\\s\\S]*?${TEAMS_MARKER}`, "g")];
/** A marker left without its partner (a cut-off text) goes too. */
const LONE_MARKERS = new RegExp(`${MEET_MARKER}|${TEAMS_MARKER}`, "g");

/** The description without the platform's joining instructions, blank runs collapsed. */
export function withoutJoinInstructions(text: string): string {
  let out = text;
  for (const block of BLOCKS) out = out.replace(block, "");
  return out
    .replace(LONE_MARKERS, "")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
