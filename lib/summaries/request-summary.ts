import { db } from "../db/client.ts";
import { QUEUES, jobSender } from "../jobs/boss.ts";
import { STALE_SUMMARY_MS } from "../meetings/serialize-summary.ts";

export interface MeetingSummaryJob {
  meetingId: string;
}

/**
 * Marks the meeting's summary pending and sends the job that writes it, unless one is pending or
 * running already (then nothing happens: that job will do), or its job died (stale). True when a
 * job was sent.
 */
export async function requestSummary(meetingId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ meetingId: string; userId: string }[]>`
    INSERT INTO "MeetingSummary" ("meetingId", status, "updatedAt") VALUES (${meetingId}, 'pending', now())
    ON CONFLICT ("meetingId") DO UPDATE SET status = 'pending', error = NULL, "updatedAt" = now()
      WHERE "MeetingSummary".status NOT IN ('pending', 'running') OR "MeetingSummary"."updatedAt" < now() - make_interval(secs => ${STALE_SUMMARY_MS / 1000})
    RETURNING "meetingId", (SELECT "userId" FROM "Meeting" WHERE id = ${meetingId}) AS "userId"`;
  if (rows.length === 0) return false;
  const boss = await jobSender();
  const job: MeetingSummaryJob = { meetingId };
  // In the owner's group: the jobs process writes at most SUMMARY_USER_CONCURRENCY of one user's at once.
  await boss.send(QUEUES.meetingSummary, { ...job }, { group: { id: rows[0].userId } });
  return true;
}

/**
 * After a bot's run: a meeting that ended completed (by this run, or stopped while it ran) gets its
 * summary when the agent keeps transcripts and has summaries on. A run that was replaced by a
 * restart leaves it to the next one.
 */
export async function requestSummaryAfterRun(meetingId: string, runId: string): Promise<boolean> {
  const meeting = await db.meeting.findUnique({ where: { id: meetingId }, select: { status: true, runId: true, agent: { select: { transcript: true, summaries: true } } } });
  if (!meeting || meeting.status !== "completed" || meeting.runId !== runId || !meeting.agent?.transcript || !meeting.agent.summaries) return false;
  return requestSummary(meetingId);
}
