import { decryptSecret } from "../crypto/secrets.ts";
import { db } from "../db/client.ts";
import { eventBody } from "../events/types.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";
import { sendMail } from "../mail/send.ts";
import { webhookDisabledMail } from "../mail/templates.ts";
import { postWebhook, type PostResult } from "./post-webhook.ts";
import { DISABLE_AFTER_MS, retryDelayMs } from "./retry-schedule.ts";
import { signatureHeaders } from "./signing.ts";
import { deliveryJobOptions, MANUAL_PRIORITY, retryPriority } from "./delivery-order.ts";

/**
 * A delivery job. `after` is how many attempts the delivery had when the job was sent: a scheduled
 * attempt whose delivery has moved on since (a duplicate job, a redelivery that succeeded) does
 * nothing. `after: null` is a manual attempt ("Redeliver"), which never schedules retries.
 */
export interface DeliveryJob {
  deliveryId: string;
  after: number | null;
}

type Tx = Prisma.TransactionClient;

/**
 * Sends the job for an attempt of `userId`'s delivery in the caller's transaction (no delivery without
 * its job), in the user's group and with its place in line (delivery-order.ts).
 */
export async function enqueueAttempt(tx: Tx, job: DeliveryJob, userId: string, opts: { startAfter?: Date; priority?: number } = {}): Promise<void> {
  const boss = await jobSender();
  const order = deliveryJobOptions(userId, opts.priority ?? MANUAL_PRIORITY);
  await boss.send(QUEUES.webhookDelivery, { ...job }, { db: inTransaction(tx), ...order, ...(opts.startAfter ? { startAfter: opts.startAfter } : {}) });
}

/**
 * One attempt of one delivery, run by a worker: POST the event signed with the endpoint's secret,
 * then record the attempt and decide what comes next in one transaction (the delivery row is locked,
 * so two runs of the same job cannot both schedule a retry). Success clears the endpoint's failure
 * clock; failure schedules the next attempt, and an endpoint failing for 5 days is turned off and its
 * owner told by e-mail.
 */
export async function attemptDelivery(job: DeliveryJob): Promise<void> {
  // One query for what the attempt needs (a busy endpoint makes thousands of them).
  const [d] = await db.$queryRaw<
    { status: string; attempts: number; enabled: boolean; url: string; secretEnc: string; userId: string; eventId: string; type: string; data: unknown; createdAt: Date }[]
  >`
    SELECT d.status::text AS status, d.attempts, e.enabled, e.url, e."secretEnc", e."userId", v.id AS "eventId", v.type, v.data, v."createdAt"
    FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId" JOIN "ApiEvent" v ON v.id = d."eventId"
    WHERE d.id = ${job.deliveryId}`;
  if (!d) return; // the endpoint was deleted
  const scheduled = job.after !== null;
  if (scheduled && (d.status !== "pending" || d.attempts !== job.after)) return;
  if (scheduled && !d.enabled) {
    await db.webhookDelivery.updateMany({ where: { id: job.deliveryId, status: "pending" }, data: { status: "failed", nextAttemptAt: null } });
    return;
  }

  const body = JSON.stringify(eventBody(d));
  const headers = signatureHeaders(decryptSecret(d.secretEnc), d.eventId, body, new Date());
  const result = await postWebhook(d.url, headers, body);

  if (result.ok) return recordSuccess(job, result);
  const disabled = await db.$transaction((tx) => record(tx, job, d.userId, result));
  if (disabled) {
    const owner = await db.user.findUnique({ where: { id: d.userId }, select: { email: true } });
    if (owner) await sendMail(webhookDisabledMail(owner.email, d.url, disabled.failingSince));
  }
}

/**
 * A delivered attempt, recorded in one statement: the delivery succeeded (counting the attempt when
 * it is the one the schedule waited for, as in record()), the attempt is logged, and the endpoint's
 * failure clock stops. The UPDATE locks the delivery row like record()'s SELECT … FOR UPDATE.
 */
async function recordSuccess(job: DeliveryJob, result: PostResult): Promise<void> {
  const after = job.after ?? -1;
  await db.$executeRaw`
    WITH d AS (
      UPDATE "WebhookDelivery" SET
        attempts = CASE WHEN status = 'pending' AND attempts = ${after} THEN attempts + 1 ELSE attempts END,
        status = 'succeeded', "lastAttemptAt" = now(), "nextAttemptAt" = NULL
      WHERE id = ${job.deliveryId}
      RETURNING attempts, "endpointId"
    ), logged AS (
      INSERT INTO "WebhookAttempt" ("deliveryId", attempt, "statusCode", "latencyMs", "responseExcerpt", manual)
      SELECT ${job.deliveryId}, d.attempts, ${result.statusCode}::int, ${result.latencyMs}::int, ${result.excerpt}, ${job.after === null} FROM d
    )
    UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "updatedAt" = now()
    WHERE id = (SELECT "endpointId" FROM d) AND "failingSince" IS NOT NULL`;
}

/** Records a failed attempt and what follows; answers the endpoint when this failure turned it off. */
async function record(tx: Tx, job: DeliveryJob, userId: string, result: PostResult): Promise<{ failingSince: Date } | null> {
  const [row] = await tx.$queryRaw<{ status: "pending" | "succeeded" | "failed"; attempts: number; endpointId: string }[]>`
    SELECT status, attempts, "endpointId" FROM "WebhookDelivery" WHERE id = ${job.deliveryId} FOR UPDATE`;
  if (!row) return null;
  const now = new Date();
  // The attempt the schedule is waiting for counts; a manual one (or a duplicate run of a job) is logged
  // under the count as it stands and never moves the schedule.
  const current = job.after !== null && row.status === "pending" && row.attempts === job.after;
  const attempt = current ? row.attempts + 1 : row.attempts;
  await tx.webhookAttempt.create({
    data: {
      deliveryId: job.deliveryId,
      attempt,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: result.error ?? `HTTP ${result.statusCode}`,
      manual: job.after === null,
      createdAt: now,
    },
  });

  // A manual or duplicate attempt that fails leaves the delivery's status as it was.
  if (current) {
    const delay = retryDelayMs(attempt);
    const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
    await tx.webhookDelivery.update({
      where: { id: job.deliveryId },
      data: { attempts: attempt, lastAttemptAt: now, status: nextAttemptAt ? "pending" : "failed", nextAttemptAt },
    });
    if (nextAttemptAt) await enqueueAttempt(tx, { deliveryId: job.deliveryId, after: attempt }, userId, { startAfter: nextAttemptAt, priority: retryPriority(attempt) });
  } else {
    await tx.webhookDelivery.update({ where: { id: job.deliveryId }, data: { lastAttemptAt: now } });
  }

  // The endpoint's failure clock: started by the first failure after a success.
  const [endpoint] = await tx.$queryRaw<{ failingSince: Date; enabled: boolean }[]>`
    UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${now}), "updatedAt" = ${now}
    WHERE id = ${row.endpointId} RETURNING "failingSince", enabled`;
  if (endpoint?.enabled && now.getTime() - endpoint.failingSince.getTime() >= DISABLE_AFTER_MS) {
    await tx.webhookEndpoint.update({ where: { id: row.endpointId }, data: { enabled: false, disabledReason: "failing" } });
    return { failingSince: endpoint.failingSince };
  }
  return null;
}

