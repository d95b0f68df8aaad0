import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";

export interface MeetingStartJob {
  meetingId: string;
  runId: string;
}

/** One run's start job, with the job id the caller stores on the meeting. */
export interface RunStart extends MeetingStartJob {
  jobId: string;
  startAfter: Date;
}

/**
 * Sends the start jobs of many runs in one statement, in the caller's transaction (no meeting without
 * its job, no job for a meeting that was rolled back). The caller chose the job ids and stores them on
 * the meetings, so cancelling can withdraw them.
 */
export async function enqueueRuns(tx: Prisma.TransactionClient, runs: RunStart[]): Promise<void> {
  if (runs.length === 0) return;
  const boss = await jobSender();
  await boss.insert(
    QUEUES.meetingStart,
    runs.map((r) => ({ id: r.jobId, data: { meetingId: r.meetingId, runId: r.runId } satisfies MeetingStartJob, startAfter: r.startAfter, singletonKey: r.runId })),
    { db: inTransaction(tx) },
  );
}

/** Sends the job that starts one run, in the caller's transaction, and remembers it on the meeting. */
export async function enqueueRun(tx: Prisma.TransactionClient, meetingId: string, runId: string, startAfter: Date): Promise<void> {
  const jobId = randomUUID();
  await enqueueRuns(tx, [{ meetingId, runId, jobId, startAfter }]);
  await tx.meeting.update({ where: { id: meetingId }, data: { jobId } });
}

/** Withdraws a run's start job that has not been picked up yet (a picked-up one is refused by its run id). */
export async function withdrawRun(tx: Prisma.TransactionClient, jobId: string | null): Promise<void> {
  if (!jobId) return;
  const boss = await jobSender();
  await boss.cancel(QUEUES.meetingStart, jobId, { db: inTransaction(tx) });
}
