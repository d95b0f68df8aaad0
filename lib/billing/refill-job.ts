import type { PgBoss } from "pg-boss";
import { QUEUES, jobSender } from "../jobs/boss.ts";
import { logger, type Logger } from "../log.ts";
import { maybeAutoRefill } from "./auto-refill.ts";

// Auto-refill is a job of its own (queue `billing-auto-refill`, run by the jobs process), never part
// of a billing tick: a Stripe call can take longer than a billing interval, and a tick that waited
// for it would bill late or not at all. A debit that leaves the balance under the threshold queues
// one job per user (a queued one absorbs the rest); maybeAutoRefill's guarded claim makes sure that
// of several jobs only one charges the card.

export interface RefillJob {
  userId: string;
}

/** Queues the user's refill. Never throws: a refill that could not be queued is queued by the next debit. */
export async function queueAutoRefill(userId: string, log: Logger): Promise<void> {
  try {
    const boss = await jobSender();
    const job: RefillJob = { userId };
    await boss.send(QUEUES.autoRefill, { ...job }, { singletonKey: userId });
  } catch (err) {
    log("refill_queue_error", { level: "warn", userId, error: String(err) });
  }
}

/** Runs queued refills (the worker's handler). A database error fails the job, and pg-boss retries it. */
export async function runRefillJobs(jobs: { data: RefillJob }[], log: Logger): Promise<void> {
  for (const { data } of jobs) {
    const outcome = await maybeAutoRefill(data.userId);
    log("auto_refill", { userId: data.userId, outcome });
  }
}

/** The jobs process (scripts/jobs.ts) charges the queued refills. */
export async function workRefillJobs(boss: PgBoss, processId: string): Promise<void> {
  const log = logger({ processId });
  await boss.work<RefillJob>(QUEUES.autoRefill, (jobs) => runRefillJobs(jobs, log));
}
