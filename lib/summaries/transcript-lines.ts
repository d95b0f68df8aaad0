import type { TranscriptSegment } from "../generated/prisma/client.ts";

/** h:mm:ss or mm:ss into the meeting. */
export function clockTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * The spoken transcript as "[mm:ss] Speaker: text" lines for a model, times into the meeting.
 * Tool-call lines are left out: the notes and the agent's words carry what they did.
 */
export function transcriptLines(segments: Pick<TranscriptSegment, "speaker" | "text" | "startMs" | "tool">[]): string[] {
  return segments.filter((s) => s.tool === null).map((s) => `[${clockTime(s.startMs)}] ${s.speaker}: ${s.text}`);
}
