import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";
import { AppError } from "../errors/app-error.ts";
import { errorText, log } from "../log.ts";
import { getMeetingDetails } from "../meetings/get-meeting-details.ts";
import { RUN_STILL_WRITING } from "../meetings/run-writes.ts";
import type { DeliveryJob } from "./attempt-delivery.ts";
import { deliveryJobOptions, queuePriority } from "./delivery-order.ts";

// The outbox relay: turns new events into deliveries, one per enabled endpoint of the event's user
// that asked for its type, and sends each delivery's first attempt as a pg-boss job, in the same
// transaction that marks the events dispatched. Events are locked with SKIP LOCKED, so any number of
// workers can relay at once and none is relayed twice.

const BATCH = 200;

interface PendingEvent {
  id: string;
  userId: string;
  type: string;
  meetingId: string | null;
  data: Prisma.JsonValue;
}

/** Relays every event not yet dispatched; answers how many it handled. */
export async function relayEvents(): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.$transaction(relayBatch, { timeout: 60_000 });
    total += n;
    if (n < BATCH) return total;
  }
}

async function relayBatch(tx: Prisma.TransactionClient): Promise<number> {
  const events = await tx.$queryRaw<PendingEvent[]>`
    SELECT id, "userId", type, "meetingId", data FROM "ApiEvent" v WHERE "dispatchedAt" IS NULL
      AND NOT (type = 'meeting.ended' AND EXISTS (SELECT 1 FROM "Meeting" m WHERE m.id = v."meetingId" AND ${RUN_STILL_WRITING}))
    ORDER BY "createdAt", id LIMIT ${BATCH} FOR UPDATE OF v SKIP LOCKED`;
  if (events.length === 0) return 0;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: { in: [...new Set(events.map((e) => e.userId))] }, enabled: true },
    select: { id: true, userId: true, events: true },
  });
  const owners = new Map(endpoints.map((ep) => [ep.id, ep.userId]));
  const deliveries: { endpointId: string; eventId: string }[] = [];
  const later = new Set<string>();
  for (const event of events) {
    const targets = endpoints.filter((ep) => ep.userId === event.userId && ep.events.includes(event.type));
    if (targets.length === 0) continue;
    if (event.type === "meeting.ended" && event.meetingId) {
      const data = await endedData(event.userId, event.meetingId, event.data);
      if (data === null) {
        later.add(event.id);
        continue;
      }
      await tx.apiEvent.update({ where: { id: event.id }, data: { data } });
    }
    for (const t of targets) deliveries.push({ endpointId: t.id, eventId: event.id });
  }
  const created = deliveries.length > 0 ? await tx.webhookDelivery.createManyAndReturn({ data: deliveries, skipDuplicates: true, select: { id: true, endpointId: true } }) : [];
  if (created.length > 0) {
    const ahead = await waitingPerEndpoint(tx, created);
    const jobs = created.map((d) => {
      const place = ahead.get(d.endpointId) ?? 0;
      ahead.set(d.endpointId, place + 1);
      return { data: { deliveryId: d.id, after: 0 } satisfies DeliveryJob, ...deliveryJobOptions(owners.get(d.endpointId)!, queuePriority(place)) };
    });
    await (await jobSender()).insert(QUEUES.webhookDelivery, jobs, { db: inTransaction(tx) });
  }
  await tx.$executeRaw`UPDATE "ApiEvent" SET "dispatchedAt" = now() WHERE id = ANY(${events.filter((e) => !later.has(e.id)).map((e) => e.id)})`;
  return events.length - later.size;
}

/** How many deliveries already wait for each endpoint, besides the ones this batch created. */
async function waitingPerEndpoint(tx: Prisma.TransactionClient, created: { id: string; endpointId: string }[]): Promise<Map<string, number>> {
  const rows = await tx.$queryRaw<{ endpointId: string; n: number }[]>`
    SELECT "endpointId", count(*)::int AS n FROM "WebhookDelivery"
    WHERE "endpointId" = ANY(${[...new Set(created.map((d) => d.endpointId))]}) AND status = 'pending' AND NOT (id = ANY(${created.map((d) => d.id)}))
    GROUP BY "endpointId"`;
  return new Map(rows.map((r) => [r.endpointId, r.n]));
}

/**
 * meeting.ended carries the meeting as it ended: recorded with its final status in the transition,
 * completed here, after the run's last writes (transcript, usage, the last billed minute) committed:
 * the relay leaves it unsent while the run may still write (lib/meetings/run-writes.ts).
 * Stored back into the event, so every endpoint and every redelivery sends the same body.
 */
async function endedData(userId: string, meetingId: string, recorded: Prisma.JsonValue): Promise<Prisma.InputJsonValue | null> {
  const base = recorded as Record<string, Prisma.JsonValue>;
  try {
    const m = await getMeetingDetails(userId, meetingId);
    const meeting = {
      title: m.title,
      meetingUrl: m.meetingUrl,
      platform: m.platform,
      scheduledStart: m.scheduledStart,
      startedAt: m.startedAt,
      endedAt: m.endedAt,
      costUsd: m.usage.costUsd,
      usage: m.usage,
      transcript: m.transcript,
    };
    return JSON.parse(JSON.stringify({ ...base, ...meeting })) as Prisma.InputJsonValue;
  } catch (err) {
    // The meeting was deleted meanwhile: what the transition knew. Any other failure is logged and the
    // event stays unsent for the next round (null): never a bare body stored as if it were final.
    if (err instanceof AppError && err.code === "not_found") return base as Prisma.InputJsonValue;
    log({ event: "webhook_ended_data_failed", level: "error", meetingId, userId, error: errorText(err) });
    return null;
  }
}
