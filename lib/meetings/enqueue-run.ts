import type { Prisma } from "../generated/prisma/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";

export interface MeetingStartJob {
  meetingId: string;
  runId: string;
}

/**
 * Sends the job that starts a run, in the caller's transaction (no meeting without its job, no job
 * for a meeting that was rolled back), and remembers it on the meeting so cancelling can withdraw it.
 */
export async function enqueueRun(tx: Prisma.TransactionClient, meetingId: string, runId: string, startAfter: Date): Promise<void> {
  const boss = await jobSender();
  const job: MeetingStartJob = { meetingId, runId };
  const jobId = await boss.send(QUEUES.meetingStart, { ...job }, { startAfter, singletonKey: runId, db: inTransaction(tx) });
  await tx.meeting.update({ where: { id: meetingId }, data: { jobId } });
}

/** Withdraws a run's start job that has not been picked up yet (a picked-up one is refused by its run id). */
export async function withdrawRun(tx: Prisma.TransactionClient, jobId: string | null): Promise<void> {
  if (!jobId) return;
  const boss = await jobSender();
  await boss.cancel(QUEUES.meetingStart, jobId, { db: inTransaction(tx) });
}
