import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../http/errors.ts";
import { InsufficientFunds, applyEntry } from "./ledger.ts";
import { currentRate } from "./pricing.ts";
import { maybeAutoRefill } from "./auto-refill.ts";

export interface UsageTick {
  userId: string;
  meetingId: string;
  agentId: string;
  /** 0-based tick number within the meeting: the idempotency key, so a retried tick never bills twice. */
  tick: number;
  action?: string;
}

export interface UsageResult {
  charged: boolean;
  balanceMicros: bigint;
  /** The agent must leave the meeting now (reason out_of_credits). */
  mustStop: boolean;
  reason?: "out_of_credits";
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
 * Debits one tick of agent time for the bot runtime. A tick is charged while the balance is positive,
 * so a tick in flight overdraws by at most one tick; at zero or below the agent must stop.
 */
export async function recordUsage(t: UsageTick): Promise<UsageResult> {
  const action = t.action ?? "agent_minute";
  const rate = await currentRate(action);
  if (!rate) throw new AppError("internal_error", `No pricing rate for ${action}`);
  try {
    const result = await applyEntry(
      {
        userId: t.userId,
        type: "usage",
        amountMicros: -rate.priceMicros,
        idempotencyKey: `usage:${t.meetingId}:${t.tick}`,
        action,
        quantity: 1,
        unitPriceMicros: rate.priceMicros,
        pricingRateId: rate.id,
        meetingId: t.meetingId,
        agentId: t.agentId,
      },
      { requirePositive: true },
    );
    // The debit has committed; a refill (if due) is charged now, outside its transaction.
    let balanceMicros = result.balanceMicros;
    if (result.applied) {
      const refill = await maybeAutoRefill(t.userId).catch((err) => {
        console.error("[billing] auto-refill failed:", err);
        return "failed" as const;
      });
      if (refill === "charged") balanceMicros = (await db.creditAccount.findUniqueOrThrow({ where: { userId: t.userId } })).balanceMicros;
    }
    const mustStop = balanceMicros <= 0n;
    return { charged: result.applied, balanceMicros, mustStop, ...(mustStop ? { reason: "out_of_credits" as const } : {}) };
  } catch (err) {
    if (err instanceof InsufficientFunds) return { charged: false, balanceMicros: err.balanceMicros, mustStop: true, reason: "out_of_credits" };
    throw err;
  }
}
