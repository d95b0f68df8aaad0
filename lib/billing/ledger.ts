import { randomUUID } from "node:crypto";
import { db } from "../db/client.ts";
import { recordLedgerEvents } from "./billing-events.ts";
import type { Prisma } from "../generated/prisma/client.ts";

// The one writer of money. Every balance change is a ledger row plus the cached balance, in one
// transaction; the account row lock serialises writers of one account. Rows are never updated or
// deleted. An idempotency key is unique per account: applying the same key twice changes nothing.

export type Tx = Prisma.TransactionClient;
export type EntryType = "topup" | "auto_refill" | "usage" | "refund" | "dispute" | "adjustment";

export interface EntryInput {
  userId: string;
  type: EntryType;
  amountMicros: bigint;
  idempotencyKey: string;
  action?: string;
  quantity?: number;
  unitPriceMicros?: bigint;
  pricingRateId?: string;
  meetingId?: string;
  agentId?: string;
  topUpId?: string;
  description?: string;
}

export interface Guard {
  /** Debit only while the balance is positive (the usage rule: overdraw by at most one debit). */
  requirePositive?: boolean;
  /** Debit only when the balance stays at or above this floor. */
  floorMicros?: bigint;
}

export interface EntryResult {
  applied: boolean;
  entryId: bigint;
  balanceMicros: bigint;
}

export class InsufficientFunds extends Error {
  readonly balanceMicros: bigint;
  constructor(balanceMicros: bigint) {
    super("Insufficient credit");
    this.balanceMicros = balanceMicros;
  }
}

class Duplicate extends Error {}

export async function ensureAccount(tx: Tx, userId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "CreditAccount" ("id", "userId", "updatedAt") VALUES (${randomUUID()}, ${userId}, now())
    ON CONFLICT ("userId") DO UPDATE SET "userId" = EXCLUDED."userId"
    RETURNING "id"`;
  return rows[0].id;
}

/** Applies one entry inside the caller's transaction. Throws InsufficientFunds when the guard fails. */
export async function applyEntryTx(tx: Tx, e: EntryInput, guard: Guard = {}): Promise<EntryResult> {
  const accountId = await ensureAccount(tx, e.userId);
  const existing = await tx.ledgerEntry.findUnique({
    where: { accountId_idempotencyKey: { accountId, idempotencyKey: e.idempotencyKey } },
    select: { id: true },
  });
  if (existing) {
    const account = await tx.creditAccount.findUniqueOrThrow({ where: { id: accountId }, select: { balanceMicros: true } });
    return { applied: false, entryId: existing.id, balanceMicros: account.balanceMicros };
  }
  // Guarded update: the check and the write are one statement, never read-check-write.
  const floor = guard.floorMicros ?? null;
  const positive = guard.requirePositive ?? false;
  const updated = await tx.$queryRaw<{ balanceMicros: bigint; autoRefillThresholdMicros: bigint }[]>`
    UPDATE "CreditAccount" SET "balanceMicros" = "balanceMicros" + ${e.amountMicros}, "updatedAt" = now(),
      "usageEntryCount" = "usageEntryCount" + ${e.type === "usage" ? 1 : 0}::int
    WHERE "id" = ${accountId}
      AND (${floor}::bigint IS NULL OR "balanceMicros" + ${e.amountMicros} >= ${floor}::bigint)
      AND (NOT ${positive} OR "balanceMicros" > 0)
    RETURNING "balanceMicros", "autoRefillThresholdMicros"`;
  if (updated.length === 0) {
    const account = await tx.creditAccount.findUniqueOrThrow({ where: { id: accountId }, select: { balanceMicros: true } });
    throw new InsufficientFunds(account.balanceMicros);
  }
  const balanceMicros = updated[0].balanceMicros;
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO "LedgerEntry" ("accountId", "userId", "type", "amountMicros", "balanceAfterMicros", "idempotencyKey", "action",
      "quantity", "unitPriceMicros", "pricingRateId", "meetingId", "agentId", "topUpId", "description")
    VALUES (${accountId}, ${e.userId}, ${e.type}::"LedgerEntryType", ${e.amountMicros}, ${balanceMicros}, ${e.idempotencyKey},
      ${e.action ?? null}, ${e.quantity ?? null}::int, ${e.unitPriceMicros ?? null}::bigint, ${e.pricingRateId ?? null},
      ${e.meetingId ?? null}, ${e.agentId ?? null}, ${e.topUpId ?? null}, ${e.description ?? null})
    ON CONFLICT ("accountId", "idempotencyKey") DO NOTHING
    RETURNING "id"`;
  // A concurrent writer with the same key committed first (possible only before our row lock):
  // undo our balance change by rolling back.
  if (inserted.length === 0) throw new Duplicate();
  await recordLedgerEvents(tx, e, balanceMicros, updated[0].autoRefillThresholdMicros);
  return { applied: true, entryId: inserted[0].id, balanceMicros };
}

/** Applies one entry in its own transaction; a duplicate key returns the first application. */
export async function applyEntry(e: EntryInput, guard: Guard = {}): Promise<EntryResult> {
  try {
    return await db.$transaction((tx) => applyEntryTx(tx, e, guard));
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    return db.$transaction((tx) => applyEntryTx(tx, e, guard));
  }
}
