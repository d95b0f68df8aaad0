import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { recordEvent } from "../events/record-event.ts";
import { openStorage } from "../storage/open-storage.ts";
import { recordingPrefix } from "./recording-parts.ts";

export type DeleteReason = "user" | "retention";

/**
 * Deletes a recording's audio (every part, and pieces a crash left) and keeps the row saying when and
 * why, so the meeting page can say so; `recording.deleted` is sent. The row goes first, so a URL handed
 * out earlier stops at once whatever the storage does.
 */
export async function removeRecording(meetingId: string, reason: DeleteReason): Promise<boolean> {
  const deleted = await db.$transaction(async (tx) => {
    const recording = await tx.recording.findUnique({ where: { meetingId } });
    if (!recording || recording.status === "deleted") return false;
    await tx.recording.update({ where: { id: recording.id }, data: { status: "deleted", deletedAt: new Date(), deletedReason: reason } });
    await recordEvent(tx, { userId: recording.userId, type: "recording.deleted", meetingId, data: { meetingId, recordingId: recording.id, reason } });
    return true;
  });
  await deleteRecordingFiles(meetingId);
  return deleted;
}

/** Every stored byte of a meeting's recording. */
export async function deleteRecordingFiles(meetingId: string): Promise<void> {
  const storage = openStorage();
  for (const key of await storage.list(recordingPrefix(meetingId))) await storage.delete(key);
}

/** DELETE /api/meetings/{id}/recording by its owner; another user's → 404. */
export async function deleteRecording(userId: string, meetingId: string): Promise<{ message: string }> {
  const recording = await db.recording.findFirst({ where: { meetingId, userId }, select: { status: true } });
  if (!recording) throw new AppError("not_found", "Recording not found");
  if (recording.status === "recording") throw new AppError("conflict", "The meeting is still being recorded. Stop the agent first.");
  await removeRecording(meetingId, "user");
  return { message: "Recording deleted" };
}
