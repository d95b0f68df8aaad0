import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import type { Recording } from "../generated/prisma/client.ts";
import { openStorage } from "../storage/open-storage.ts";
import { partsOf, recordingKey, totalBytes, totalDurationMs } from "./recording-parts.ts";

/** How long a recording's signed URLs last: long enough to listen to a long meeting. */
export const RECORDING_URL_SECONDS = 6 * 3600;

export const recordingResponse = z
  .object({
    status: z.enum(["recording", "ready", "deleted", "failed"]).meta({ description: "recording: the meeting is still being recorded; failed: no audio was recorded" }),
    durationSeconds: z.number(),
    sizeBytes: z.int(),
    parts: z
      .array(
        z.object({
          index: z.int(),
          startMs: z.int().meta({ description: "Where the part starts, in ms since the meeting started (the transcript's axis)" }),
          durationMs: z.int(),
          sizeBytes: z.int(),
          url: z.string().meta({ description: "A signed URL of the audio (audio/webm, Opus); it reads byte ranges and expires at urlExpiresAt" }),
        }),
      )
      .meta({ description: "One per stretch the agent recorded; a worker hand-over starts a new part (docs/recordings.md)" }),
    urlExpiresAt: time.nullable(),
    expiresAt: time.nullable().meta({ description: "When the retention period deletes it (null: kept until deleted)" }),
    deletedAt: time.nullable(),
    deletedReason: z.enum(["user", "retention"]).nullable(),
  })
  .meta({ id: "Recording" });

/** A recording for its owner, with fresh signed URLs of its parts (none once deleted or while it is being made). */
export async function serializeRecording(r: Recording, retentionDays: number | null, now = new Date()) {
  const parts = partsOf(r.parts);
  const playable = r.status === "ready";
  const storage = openStorage();
  const urls = playable ? await Promise.all(parts.map((_, i) => storage.signedUrl(recordingKey(r.meetingId, i), RECORDING_URL_SECONDS, now))) : [];
  const keptFrom = r.readyAt ?? r.startedAt;
  return {
    status: r.status,
    durationSeconds: Math.round(totalDurationMs(parts) / 100) / 10,
    sizeBytes: totalBytes(parts),
    parts: playable ? parts.map((p, index) => ({ index, startMs: p.startMs, durationMs: p.durationMs, sizeBytes: p.bytes, url: urls[index] })).filter((p) => p.sizeBytes > 0) : [],
    urlExpiresAt: playable ? new Date(now.getTime() + RECORDING_URL_SECONDS * 1000) : null,
    expiresAt: retentionDays === null || r.status === "deleted" ? null : new Date(keptFrom.getTime() + retentionDays * 86_400_000),
    deletedAt: r.deletedAt,
    deletedReason: r.deletedReason === "user" || r.deletedReason === "retention" ? r.deletedReason : null,
  } satisfies Sent<typeof recordingResponse>;
}
