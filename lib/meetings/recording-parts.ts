import type { Prisma } from "../generated/prisma/client.ts";

// A recording's parts (docs/recordings.md): one per bot run that recorded — a worker hand-over or a
// crash starts a new one — each its own WebM at recordings/<meetingId>/<n>.webm, n from 1.

export interface RecordingPart {
  /** Where the part starts, in ms since the meeting started (the transcript's times are on this axis). */
  startMs: number;
  durationMs: number;
  bytes: number;
  /** Offset of the WebM Duration placeholder (webm-duration.ts), and its unit in ns; null: none. */
  durationAt: number | null;
  unitNs: number;
  /** Joined into one object and its duration written (storage seal()). */
  sealed: boolean;
}

export function recordingKey(meetingId: string, index: number): string {
  return `recordings/${meetingId}/${index + 1}.webm`;
}

export function recordingPrefix(meetingId: string): string {
  return `recordings/${meetingId}/`;
}

export function partsOf(json: Prisma.JsonValue): RecordingPart[] {
  return Array.isArray(json) ? (json as unknown as RecordingPart[]) : [];
}

export const totalDurationMs = (parts: RecordingPart[]) => parts.reduce((sum, p) => sum + p.durationMs, 0);
export const totalBytes = (parts: RecordingPart[]) => parts.reduce((sum, p) => sum + p.bytes, 0);
