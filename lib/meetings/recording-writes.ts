import { db } from "../db/client.ts";
import { recordEvent } from "../events/record-event.ts";
import { openStorage } from "../storage/open-storage.ts";
import { partsOf, recordingKey, totalBytes, totalDurationMs, type RecordingPart } from "./recording-parts.ts";
import { durationPatch } from "./webm-duration.ts";
import { LIVE_STATUSES } from "./status.ts";

// What a bot writes while it records (lib/bots/recording-writer.ts), and the end of a recording:
// its parts sealed (joined, their duration written), the recording ready, `recording.ready` sent.

/** Adds a part to the meeting's recording (creating it); its index, or null when the recording was deleted. */
export async function startRecordingPart(meeting: { id: string; userId: string }): Promise<number | null> {
  await db.recording.upsert({ where: { meetingId: meeting.id }, create: { meetingId: meeting.id, userId: meeting.userId }, update: {} });
  const rows = await db.$queryRaw<{ n: number }[]>`
    UPDATE "Recording" r SET status = 'recording', "updatedAt" = now(), parts = r.parts || jsonb_build_array(jsonb_build_object(
      'startMs', GREATEST(0, (EXTRACT(EPOCH FROM now() - COALESCE(m."startedAt", now())) * 1000)::int),
      'durationMs', 0, 'bytes', 0, 'durationAt', NULL, 'unitNs', 1000000, 'sealed', false))
    FROM "Meeting" m WHERE m.id = r."meetingId" AND r."meetingId" = ${meeting.id} AND r.status <> 'deleted'
    RETURNING jsonb_array_length(r.parts)::int - 1 AS n`;
  return rows[0]?.n ?? null;
}

/** What a part has so far: its length, bytes and where its duration goes. */
export async function saveRecordingProgress(meetingId: string, index: number, progress: Partial<RecordingPart>): Promise<void> {
  await db.$executeRaw`
    UPDATE "Recording" SET "updatedAt" = now(), parts = jsonb_set(parts, ARRAY[${String(index)}], (parts -> ${index}::int) || ${JSON.stringify(progress)}::jsonb)
    WHERE "meetingId" = ${meetingId} AND status = 'recording' AND jsonb_array_length(parts) > ${index}::int`;
}

/** Seals every part not yet sealed (a crashed run's too: what it appended is kept). */
export async function sealRecordingParts(meetingId: string): Promise<void> {
  const recording = await db.recording.findUnique({ where: { meetingId } });
  if (!recording || recording.status === "deleted") return;
  const storage = openStorage();
  for (const [index, part] of partsOf(recording.parts).entries()) {
    if (part.sealed) continue;
    const patch = part.durationAt !== null && part.durationMs > 0 ? durationPatch({ at: part.durationAt, unitNs: part.unitNs }, part.durationMs) : undefined;
    const bytes = await storage.seal(recordingKey(meetingId, index), patch);
    await saveRecordingProgress(meetingId, index, { sealed: true, bytes: bytes ?? 0 });
  }
}

/**
 * The recording is complete (the meeting ended): its parts sealed, ready (or failed with no audio),
 * `recording.ready` sent. A meeting that is live again (restarted) keeps it open for the next part.
 */
export async function finishRecording(meetingId: string): Promise<void> {
  await sealRecordingParts(meetingId);
  await db.$transaction(async (tx) => {
    const recording = await tx.recording.findUnique({ where: { meetingId }, include: { meeting: { select: { status: true } } } });
    if (!recording || recording.status !== "recording") return;
    if ((LIVE_STATUSES as readonly string[]).includes(recording.meeting.status)) return;
    const parts = partsOf(recording.parts).filter((p) => p.bytes > 0);
    const ready = parts.length > 0;
    await tx.recording.update({ where: { id: recording.id }, data: { status: ready ? "ready" : "failed", readyAt: new Date() } });
    if (ready) {
      await recordEvent(tx, {
        userId: recording.userId,
        type: "recording.ready",
        meetingId,
        data: { meetingId, recordingId: recording.id, durationSeconds: Math.round(totalDurationMs(parts) / 1000), sizeBytes: totalBytes(parts), parts: parts.length },
      });
    }
  });
}
