import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";
import type { EventType } from "./types.ts";

type Tx = Prisma.TransactionClient;

/** The event's id, sent as `webhook-id` on every attempt to every endpoint. */
export function newEventId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/**
 * Writes an event into the outbox in the caller's transaction, so it exists exactly when the change
 * that caused it commits; the webhook relay fans it out from there (lib/webhooks/relay-events.ts).
 */
export async function recordEvent(tx: Tx, e: { userId: string; type: EventType | "webhook.test"; data: Prisma.InputJsonValue; meetingId?: string }): Promise<string> {
  const id = newEventId();
  await tx.apiEvent.create({ data: { id, userId: e.userId, type: e.type, data: e.data, meetingId: e.meetingId ?? null } });
  return id;
}

/**
 * An event of a meeting's live stream: numbered 1, 2, 3… per meeting. The transaction-scoped lock
 * makes the numbers follow commit order, so a client resuming after number n misses nothing.
 */
export async function recordMeetingEvent(tx: Tx, e: { userId: string; meetingId: string; type: EventType; data: Prisma.InputJsonValue }): Promise<string> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meeting-events:${e.meetingId}`}))`;
  const [{ seq }] = await tx.$queryRaw<{ seq: number }[]>`
    SELECT COALESCE(MAX("meetingSeq"), 0)::int + 1 AS seq FROM "ApiEvent" WHERE "meetingId" = ${e.meetingId}`;
  const id = newEventId();
  await tx.apiEvent.create({ data: { id, userId: e.userId, type: e.type, data: e.data, meetingId: e.meetingId, meetingSeq: seq } });
  return id;
}
