import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { requestSummary } from "./request-summary.ts";
import { serializeSummary } from "../meetings/serialize-summary.ts";

const ENDED = ["completed", "failed", "cancelled"];
/** "Try again" per user: enough to retry after a provider's outage, too few to spend a key in a loop. */
const RETRIES = { max: 10, windowSeconds: 3600 };

/**
 * POST /api/meetings/{id}/summary: writes again the summary of the user's ended meeting after a
 * failure ("Try again"). A summary being written is left to finish (its state is answered); a written
 * one (done, or empty: nothing was said) is not written again (409). Another user's meeting is 404.
 */
export async function retrySummary(userId: string, meetingId: string) {
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, select: { status: true, agentId: true, summary: { select: { status: true } } } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  if (!ENDED.includes(meeting.status)) throw new AppError("conflict", "The meeting has not ended; its summary is written when it does.");
  if (meeting.summary?.status === "done") throw new AppError("conflict", "The summary is already written.");
  if (meeting.summary?.status === "empty") throw new AppError("conflict", "Nothing was said or noted in this meeting, so there is nothing to summarise.");
  if (!meeting.agentId) throw new AppError("conflict", "The agent was deleted, so there is no AI provider to write the summary with.");
  await enforce(`summary-retry:${userId}`, RETRIES);
  await requestSummary(meetingId);
  return serializeSummary(await db.meetingSummary.findUnique({ where: { meetingId } }));
}
