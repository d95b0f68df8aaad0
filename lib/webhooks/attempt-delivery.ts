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

/** Sends the job for an attempt in the caller's transaction (no delivery without its job). */
export async function enqueueAttempt(tx: Tx, job: DeliveryJob, startAfter?: Date): Promise<void> {
  const boss = await jobSender();
  await boss.send(QUEUES.webhookDelivery, { ...job }, { db: inTransaction(tx), ...(startAfter ? { startAfter } : {}) });
}

/**
 * One attempt of one delivery, run by a worker: POST the event signed with the endpoint's secret,
 * then record the attempt and decide what comes next in one transaction (the delivery row is locked,
 * so two runs of the same job cannot both schedule a retry). Success clears the endpoint's failure
 * clock; failure schedules the next attempt, and an endpoint failing for 5 days is turned off and its
 * owner told by e-mail.
 */
export async function attemptDelivery(job: DeliveryJob): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: job.deliveryId }, include: { endpoint: true, event: true } });
  if (!delivery) return; // the endpoint was deleted
  const scheduled = job.after !== null;
  if (scheduled && (delivery.status !== "pending" || delivery.attempts !== job.after)) return;
  const { endpoint, event } = delivery;
  if (scheduled && !endpoint.enabled) {
    await db.webhookDelivery.updateMany({ where: { id: delivery.id, status: "pending" }, data: { status: "failed", nextAttemptAt: null } });
    return;
  }

  const body = JSON.stringify(eventBody(event));
  const headers = signatureHeaders(decryptSecret(endpoint.secretEnc), event.id, body, new Date());
  const result = await postWebhook(endpoint.url, headers, body);

  const disabled = await db.$transaction((tx) => record(tx, job, result));
  if (disabled) {
    const owner = await db.user.findUnique({ where: { id: endpoint.userId }, select: { email: true } });
    if (owner) await sendMail(webhookDisabledMail(owner.email, endpoint.url, disabled.failingSince));
  }
}

/** Records the attempt and what follows; answers the endpoint when this failure turned it off. */
async function record(tx: Tx, job: DeliveryJob, result: PostResult): Promise<{ failingSince: Date } | null> {
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
      error: result.error ?? (result.ok ? null : `HTTP ${result.statusCode}`),
      manual: job.after === null,
      createdAt: now,
    },
  });

  if (result.ok) {
    await tx.webhookDelivery.update({ where: { id: job.deliveryId }, data: { attempts: attempt, lastAttemptAt: now, status: "succeeded", nextAttemptAt: null } });
    await tx.webhookEndpoint.updateMany({ where: { id: row.endpointId, failingSince: { not: null } }, data: { failingSince: null } });
    return null;
  }

  // A manual or duplicate attempt that fails leaves the delivery's status as it was.
  if (current) {
    const delay = retryDelayMs(attempt);
    const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
    await tx.webhookDelivery.update({
      where: { id: job.deliveryId },
      data: { attempts: attempt, lastAttemptAt: now, status: nextAttemptAt ? "pending" : "failed", nextAttemptAt },
    });
    if (nextAttemptAt) await enqueueAttempt(tx, { deliveryId: job.deliveryId, after: attempt }, nextAttemptAt);
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

