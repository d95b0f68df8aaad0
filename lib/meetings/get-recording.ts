import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { serializeRecording } from "./serialize-recording.ts";

/** GET /api/meetings/{id}/recording: the owner's recording with fresh signed URLs; anyone else's is 404. */
export async function getRecording(userId: string, meetingId: string) {
  const recording = await db.recording.findFirst({ where: { meetingId, userId }, include: { user: { select: { recordingRetentionDays: true } } } });
  if (!recording) throw new AppError("not_found", "Recording not found");
  return serializeRecording(recording, recording.user.recordingRetentionDays);
}
