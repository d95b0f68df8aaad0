import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import { refillDueTx } from "./auto-refill.ts";
import { InsufficientFunds, applyEntryTx, type Tx } from "./ledger.ts";
import { currentRate } from "./pricing.ts";

export interface UsageTick {
  userId: string;
  meetingId: string;
  agentId: string;
  /** 0-based tick number within the meeting: the idempotency key, so a retried tick never bills twice. */
  tick: number;
  action?: string;
}

export interface UsageResult {
  /** This call wrote the debit (false: the tick was already billed, or the balance was gone). */
  charged: boolean;
  /** The tick is billed: by this call or by an earlier one with the same key. */
  billed: boolean;
  balanceMicros: bigint;
  /** The agent must leave the meeting now (reason out_of_credits). */
  mustStop: boolean;
  reason?: "out_of_credits";
  /** The balance is under the user's auto-refill threshold: queue the refill (lib/billing/refill-job.ts). */
  refillDue: boolean;
}

/**
 * An agent may start only with a positive balance. Inside a transaction pass its client: a second
 * pooled connection taken while the transaction holds one deadlocks the pool under load.
 */
export async function canStartAgent(userId: string, client: Pick<Prisma.TransactionClient, "creditAccount"> = db): Promise<boolean> {
  const account = await client.creditAccount.findUnique({ where: { userId }, select: { balanceMicros: true } });
  return (account?.balanceMicros ?? 0n) > 0n;
}

/**
 * Debits one tick of agent time in the caller's transaction (the bot runtime bills a minute and
 * counts it in one transaction: lib/meetings/bot-runs.ts). A tick is charged while the balance is
 * positive, so a tick in flight overdraws by at most one tick; at zero or below the agent must stop.
 * Never calls Stripe: an auto-refill this debit makes due is a job of its own.
 */
export async function recordUsageTx(tx: Tx, t: UsageTick): Promise<UsageResult> {
  const action = t.action ?? "agent_minute";
  // Read with the transaction's own connection: one taken from the pool while the transaction holds
  // one deadlocks the pool once as many ticks are billed at once as it has connections.
  const rate = await currentRate(action, new Date(), tx);
  if (!rate) throw new AppError("internal_error", `No pricing rate for ${action}`);
  try {
    const result = await applyEntryTx(
      tx,
      {
        userId: t.userId,
        type: "usage",
        amountMicros: -rate.priceMicros,
        idempotencyKey: usageKey(t.meetingId, t.tick),
        action,
        quantity: 1,
        unitPriceMicros: rate.priceMicros,
        pricingRateId: rate.id,
        meetingId: t.meetingId,
        agentId: t.agentId,
      },
      { requirePositive: true },
    );
    const mustStop = result.balanceMicros <= 0n;
    return {
      charged: result.applied,
      billed: true,
      balanceMicros: result.balanceMicros,
      mustStop,
      ...(mustStop ? { reason: "out_of_credits" as const } : {}),
      refillDue: result.applied && (await refillDueTx(tx, t.userId)),
    };
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      return { charged: false, billed: false, balanceMicros: err.balanceMicros, mustStop: true, reason: "out_of_credits", refillDue: await refillDueTx(tx, t.userId) };
    }
    throw err;
  }
}

/** recordUsageTx in a transaction of its own (the ledger bench and tests). */
export async function recordUsage(t: UsageTick): Promise<UsageResult> {
  return db.$transaction((tx) => recordUsageTx(tx, t));
}

/** The ledger key of a meeting's tick: one debit per started minute, however often it is retried. */
export function usageKey(meetingId: string, tick: number): string {
  return `usage:${meetingId}:${tick}`;
}
