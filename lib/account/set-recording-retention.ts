import { z } from "zod";
import { db } from "../db/client.ts";

// How long the account keeps meeting recordings (docs/recordings.md, "Retention"): N days after a
// recording is ready, or until deleted (null). The daily job (lib/meetings/expire-recordings.ts) applies it.

export const RETENTION_CHOICES = [7, 30, 90, 365] as const;

export const recordingRetentionSchema = z.object({
  retentionDays: z
    .int({ error: "Retention must be a whole number of days, or null to keep recordings until deleted" })
    .min(1, "Keep recordings at least 1 day")
    .max(3650, "Keep recordings at most 3650 days, or choose to keep them until deleted")
    .nullable(),
});

export const recordingRetentionResponse = z.object({ retentionDays: z.int().nullable() }).meta({ id: "RecordingRetention" });

/** PUT /api/account/recordings. */
export async function setRecordingRetention(userId: string, input: z.output<typeof recordingRetentionSchema>) {
  const user = await db.user.update({ where: { id: userId }, data: { recordingRetentionDays: input.retentionDays }, select: { recordingRetentionDays: true } });
  return { retentionDays: user.recordingRetentionDays };
}
