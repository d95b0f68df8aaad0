import { PgBoss } from "pg-boss";
import type { Prisma } from "../generated/prisma/client.ts";
import { log } from "../log.ts";

// Background work goes through pg-boss, a job queue kept in the same PostgreSQL (schema "pgboss"):
// no new server, and jobs can be sent in the same transaction as the rows they are about.
// Every queue Cohost uses is listed here and created by installJobs() at start-up (npm start,
// db:migrate, the test set-up), so web requests never pay for pg-boss's own migrations.
export const QUEUES = {
  /** Start one run of a meeting's bot: `{ meetingId, runId }`. */
  meetingStart: "meeting-start",
  /** Re-read subscribed (and re-expand uploaded) calendars that are due (a cron job every 5 minutes). */
  calendarSync: "calendar-sync",
  /** Charge a user's saved card for auto-refill: `{ userId }` (lib/billing/refill-job.ts). */
  autoRefill: "billing-auto-refill",
  /** Write a finished meeting's summary with the agent's model and mail it: `{ meetingId }` (docs/tools.md). */
  meetingSummary: "meeting-summary",
  /** E-mail owners whose agents use a model that retires within 30 days (a cron job, daily). */
  modelRetirements: "model-retirements",
  /** Import one calendar now (uploaded, subscribed or refreshed by its user): `{ calendarId }`. */
  calendarImport: "calendar-import",
  /** E-mail the receipt of one credited top-up or auto-refill: `{ topUpId }`, sent with the credit. */
  receipt: "billing-receipt",
  /** Delete recordings past their account's retention period; finish ones a crash left open (a cron job, daily). */
  recordingRetention: "recording-retention",
  /** One attempt to deliver a webhook: `{ deliveryId, after }` (lib/webhooks/attempt-delivery.ts). */
  webhookDelivery: "webhook-delivery",
} as const;

const SCHEMA = "pgboss";

function options(connectionString: string, role: "install" | "sender" | "worker", listen = false) {
  return {
    connectionString,
    schema: SCHEMA,
    max: role === "worker" ? 4 : 2,
    migrate: role === "install",
    // Maintenance and cron scheduling run only in workers; web processes only send.
    supervise: role === "worker",
    schedule: role === "worker",
    // A worker of notify queues (calendar imports, webhook deliveries) is woken by PostgreSQL's NOTIFY
    // when a job is sent, instead of finding it at its next poll; it holds one more connection for that.
    useListenNotify: listen,
  };
}

/**
 * pg-boss reports every failed poll of every queue, several a second while the database is away:
 * one structured line per distinct message per half minute says the same.
 */
function reportErrors(boss: PgBoss): void {
  const lastSeen = new Map<string, number>();
  boss.on("error", (err) => {
    const message = String((err as Error)?.message ?? err);
    const now = Date.now();
    if ((lastSeen.get(message) ?? -Infinity) > now - 30_000) return;
    for (const [m, at] of lastSeen) if (at <= now - 30_000) lastSeen.delete(m);
    lastSeen.set(message, now);
    log({ event: "jobs_error", level: "error", error: message });
  });
}

/** Creates or upgrades pg-boss's schema and Cohost's queues. Idempotent. */
export async function installJobs(connectionString: string): Promise<void> {
  const boss = new PgBoss(options(connectionString, "install"));
  reportErrors(boss);
  await boss.start();
  try {
    // A start job is claimed and completed at once by a worker (the meeting's own heartbeat tracks
    // the run from then on); a worker that dies before completing it lets the job retry.
    await boss.createQueue(QUEUES.meetingStart, { retryLimit: 3, retryDelay: 5, expireInSeconds: 120 });
    // A round syncs at most 20 calendars, each bounded by the fetch deadline and its import.
    await boss.createQueue(QUEUES.calendarSync, { retryLimit: 0, expireInSeconds: 900 });
    // One queued refill per user (policy "short" with the user id as singletonKey); Stripe's own
    // timeout (80 s) is well inside the expiry, and a retry cannot charge twice (guarded claim).
    await boss.createQueue(QUEUES.autoRefill, { policy: "short", retryLimit: 3, retryDelay: 30, expireInSeconds: 300 });
    // The summary records its own failure (and the user retries it); a crashed worker's job retries once.
    await boss.createQueue(QUEUES.meetingSummary, { retryLimit: 1, retryDelay: 30, expireInSeconds: 900 });
    await boss.createQueue(QUEUES.modelRetirements, { retryLimit: 2, retryDelay: 600, expireInSeconds: 900 });
    await boss.createQueue(QUEUES.recordingRetention, { retryLimit: 2, retryDelay: 600, expireInSeconds: 1800 });
    // One calendar's import, sent with the calendar as singletonKey: "stately" keeps at most one
    // queued and one running per calendar (a second refresh while one waits adds nothing). It wakes
    // the jobs process at once (notify); an import is bounded by the fetch deadline and its transaction.
    await boss.createQueue(QUEUES.calendarImport, { policy: "stately", notify: true, retryLimit: 2, retryDelay: 5, expireInSeconds: 300 });
    // A mail server that is down for a while still gets every receipt (retries over about an hour).
    await boss.createQueue(QUEUES.receipt, { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
    // An attempt takes at most the 10 s request timeout; one whose worker died is run again (the
    // retry schedule of failed deliveries is our own, lib/webhooks/retry-schedule.ts).
    await boss.createQueue(QUEUES.webhookDelivery, { retryLimit: 5, retryDelay: 5, expireInSeconds: 60, notify: true });
  } finally {
    await boss.stop({ graceful: false });
  }
}

let sender: Promise<PgBoss> | undefined;

/** The process's pg-boss for sending and cancelling jobs (web and worker alike). */
export function jobSender(): Promise<PgBoss> {
  if (!sender) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const boss = new PgBoss(options(url, "sender"));
    reportErrors(boss);
    sender = boss.start().catch((err) => {
      sender = undefined;
      throw err;
    });
  }
  return sender;
}

/**
 * A pg-boss instance for a worker process (bots or jobs): maintenance and cron scheduling on; `listen`
 * for a process that works notify queues.
 */
export async function startJobWorker(connectionString: string, { listen = false } = {}): Promise<PgBoss> {
  const boss = new PgBoss(options(connectionString, "worker", listen));
  reportErrors(boss);
  return boss.start();
}

/** Lets pg-boss write inside a Prisma transaction, so a job is sent only if the transaction commits. */
export function inTransaction(tx: Prisma.TransactionClient) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
  };
}
