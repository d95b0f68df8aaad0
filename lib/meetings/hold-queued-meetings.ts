import { db } from "../db/client.ts";
import { meetingJoinLeadSeconds } from "../config.ts";
import { QUEUED_REASON } from "./status.ts";
import { transitionMeeting, TransitionRefused } from "./transitions.ts";

/** A start job older than this has waited for a bot, not merely for the next poll (a claim takes under a second). */
export const QUEUE_NOTICE_SECONDS = 5;

/**
 * Run by a worker whose bot slots are all taken. Every meeting whose start job is due but that no
 * worker has claimed (joining, or scheduled and past its launch time) is waiting for a free bot: the
 * worker vouches for it with a heartbeat, so the sweep knows it is queued rather than lost (`no_worker`
 * is for meetings nobody holds), and the first time it is marked `waiting_for_bot` (joining) with a
 * timeline line, which the meeting page explains. It then waits up to MEETING_QUEUE_TIMEOUT_SECONDS
 * (sweepLostMeetings). Returns the meetings newly marked.
 */
export async function holdQueuedMeetings(): Promise<string[]> {
  const waiting = await db.$queryRaw<{ id: string; runId: string | null; statusReason: string | null; dueAt: Date }[]>`
    UPDATE "Meeting" SET "heartbeatAt" = now()
    WHERE "workerId" IS NULL AND "runId" IS NOT NULL AND (
      (status = 'joining' AND "joinRequestedAt" < now() - make_interval(secs => ${QUEUE_NOTICE_SECONDS}))
      OR (status = 'scheduled' AND "jobId" IS NOT NULL
        AND "scheduledStart" < now() + make_interval(secs => ${meetingJoinLeadSeconds() - QUEUE_NOTICE_SECONDS})))
    RETURNING id, "runId", "statusReason",
      COALESCE("joinRequestedAt", "scheduledStart" - make_interval(secs => ${meetingJoinLeadSeconds()})) AS "dueAt"`;
  const marked: string[] = [];
  for (const m of waiting) {
    if (m.statusReason === QUEUED_REASON) continue;
    try {
      await db.$transaction(async (tx) => {
        await transitionMeeting(tx, m.id, { to: "joining", from: ["scheduled", "joining"], reason: QUEUED_REASON, runId: m.runId!, verb: "queued" });
        // A scheduled meeting waits from its launch time on: that is when the queue's wait starts.
        await tx.meeting.updateMany({ where: { id: m.id, joinRequestedAt: null }, data: { joinRequestedAt: m.dueAt } });
      });
      marked.push(m.id);
    } catch (err) {
      // Claimed, stopped or restarted meanwhile: nothing to mark.
      if (!(err instanceof TransitionRefused)) throw err;
    }
  }
  return marked;
}
