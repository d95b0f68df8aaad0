import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { requestSummary } from "./request-summary.ts";
import { serializeSummary } from "../meetings/serialize-summary.ts";

const ENDED = ["completed", "failed", "cancelled"];

/**
 * POST /api/meetings/{id}/summary: writes (again) the summary of the user's ended meeting, e.g. after
 * a failure. A summary already being written is left to finish. Another user's meeting is 404.
 */
export async function retrySummary(userId: string, meetingId: string) {
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, select: { status: true, agentId: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  if (!ENDED.includes(meeting.status)) throw new AppError("conflict", "The meeting has not ended; its summary is written when it does.");
  if (!meeting.agentId) throw new AppError("conflict", "The agent was deleted, so there is no AI provider to write the summary with.");
  await requestSummary(meetingId);
  return serializeSummary(await db.meetingSummary.findUnique({ where: { meetingId } }));
}
