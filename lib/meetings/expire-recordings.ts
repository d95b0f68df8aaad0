import { db } from "../db/client.ts";
import { removeRecording } from "./delete-recording.ts";
import { finishRecording } from "./recording-writes.ts";

/** A recording still "recording" this long after its meeting ended was left by a crash: it is finished. */
const ABANDONED_AFTER_MS = 3600_000;

/**
 * The daily retention round (docs/recordings.md): every recording older than its account's retention
 * period (counted from when it was ready) is deleted and the meeting says so; recordings a crashed bot
 * left open after its meeting ended are finished first (sealed, ready). Answers what it did.
 */
export async function expireRecordings(now = new Date()): Promise<{ deleted: number; finished: number }> {
  const abandoned = await db.recording.findMany({
    where: { status: "recording", meeting: { endedAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) } } },
    select: { meetingId: true },
  });
  for (const r of abandoned) await finishRecording(r.meetingId);
  const expired = await db.$queryRaw<{ meetingId: string }[]>`
    SELECT r."meetingId" FROM "Recording" r JOIN "User" u ON u.id = r."userId"
    WHERE r.status IN ('ready', 'failed') AND u."recordingRetentionDays" IS NOT NULL
      AND COALESCE(r."readyAt", r."startedAt") + make_interval(days => u."recordingRetentionDays") <= ${now}`;
  let deleted = 0;
  for (const r of expired) if (await removeRecording(r.meetingId, "retention")) deleted++;
  return { deleted, finished: abandoned.length };
}
