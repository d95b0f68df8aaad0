import { db } from "../db/client.ts";
import { QUEUES } from "../jobs/boss.ts";
import { QUEUED_REASON } from "./status.ts";
import { transitionMeeting, TransitionRefused } from "./transitions.ts";

/** A start job older than this has waited for a bot, not merely for the next poll (a claim takes under a second). */
export const QUEUE_NOTICE_SECONDS = 5;

/**
 * Run by a worker whose bot slots are all taken. Every meeting asked to join that no worker has
 * claimed is waiting for a free bot: the worker vouches for it with a heartbeat, so the sweep knows it
 * is queued rather than lost (`no_worker` is for meetings nobody holds). One that has waited longer
 * than a claim takes (joining, or scheduled and past its launch time) is marked `waiting_for_bot`
 * (joining) with a timeline line, which the meeting page explains. It then waits up to
 * MEETING_QUEUE_TIMEOUT_SECONDS (sweepLostMeetings). Returns the meetings newly marked.
 */
export async function holdQueuedMeetings(): Promise<string[]> {
  await db.meeting.updateMany({ where: { status: "joining", workerId: null, runId: { not: null } }, data: { heartbeatAt: new Date() } });
  // A scheduled meeting is due when its start job is (pg-boss's start_after): the lead time it was
  // scheduled with, the agent's own or the operator's, whatever the agent says now.
  const waiting = await db.$queryRaw<{ id: string; runId: string; dueAt: Date }[]>`
    SELECT m.id, m."runId", COALESCE(m."joinRequestedAt", j.start_after) AS "dueAt" FROM "Meeting" m
    LEFT JOIN pgboss.job j ON m.status = 'scheduled' AND j.name = ${QUEUES.meetingStart} AND j.id = m."jobId"::uuid
    WHERE m."workerId" IS NULL AND m."runId" IS NOT NULL AND m."statusReason" IS DISTINCT FROM ${QUEUED_REASON} AND (
      (m.status = 'joining' AND m."joinRequestedAt" < now() - make_interval(secs => ${QUEUE_NOTICE_SECONDS}))
      OR (m.status = 'scheduled' AND j.start_after < now() - make_interval(secs => ${QUEUE_NOTICE_SECONDS})))
    LIMIT 500`;
  const marked: string[] = [];
  for (const m of waiting) {
    try {
      const done = await db.$transaction(async (tx) => {
        // Claimed meanwhile: the bot is on its way, nothing to mark.
        const [row] = await tx.$queryRaw<{ workerId: string | null }[]>`SELECT "workerId" FROM "Meeting" WHERE id = ${m.id} FOR UPDATE`;
        if (!row || row.workerId) return false;
        await transitionMeeting(tx, m.id, { to: "joining", from: ["scheduled", "joining"], reason: QUEUED_REASON, runId: m.runId, verb: "queued" });
        // A scheduled meeting waits from its launch time on: that is when the queue's wait starts.
        await tx.meeting.update({ where: { id: m.id }, data: { heartbeatAt: new Date(), joinRequestedAt: m.dueAt } });
        return true;
      });
      if (done) marked.push(m.id);
    } catch (err) {
      // Claimed, stopped or restarted meanwhile: nothing to mark.
      if (!(err instanceof TransitionRefused)) throw err;
    }
  }
  return marked;
}
