import type { PrismaClient } from "../generated/prisma/client.ts";

export interface ReconcileReport {
  ok: boolean;
  accountsChecked: number;
  balanceMismatches: { accountId: string; userId: string; cachedMicros: string; ledgerMicros: string }[];
  topUpsChecked: number;
  topUpMismatches: { topUpId: string; status: string; credits: number }[];
  meetingsChecked: number;
  /** Meetings whose billed-tick count is not exactly their usage debits `usage:<meeting>:0…n-1`. */
  meetingMismatches: { meetingId: string; billedTicks: number; usageEntries: number; outOfRange: number }[];
}

/**
 * Verifies the money invariants: every cached balance equals the sum of its ledger entries (and the
 * cached usage count the number of usage entries), and every
 * paid top-up (completed, or refunded after completion) was credited exactly once — and nothing else was,
 * and every meeting's billed ticks are exactly its usage debits, one per tick (keys 0 … n−1).
 */
export async function reconcile(db: PrismaClient): Promise<ReconcileReport> {
  const balances = await db.$queryRaw<{ accountId: string; userId: string; cached: bigint; ledger: bigint; usageCached: number; usageEntries: number }[]>`
    SELECT a."id" AS "accountId", a."userId", a."balanceMicros" AS cached, COALESCE(SUM(l."amountMicros"), 0)::bigint AS ledger,
      a."usageEntryCount" AS "usageCached", COUNT(l."id") FILTER (WHERE l."type" = 'usage')::int AS "usageEntries"
    FROM "CreditAccount" a LEFT JOIN "LedgerEntry" l ON l."accountId" = a."id"
    GROUP BY a."id"`;
  const credits = await db.$queryRaw<{ topUpId: string; status: string; credits: number }[]>`
    SELECT t."id" AS "topUpId", t."status"::text AS status, COUNT(l."id")::int AS credits
    FROM "TopUp" t LEFT JOIN "LedgerEntry" l ON l."topUpId" = t."id" AND l."type" IN ('topup', 'auto_refill')
    GROUP BY t."id"`;
  const meetings = await db.$queryRaw<{ meetingId: string; billedTicks: number; usageEntries: number; outOfRange: number }[]>`
    SELECT m."id" AS "meetingId", m."billedTicks", COUNT(l."id")::int AS "usageEntries",
      COUNT(l."id") FILTER (WHERE CASE WHEN l."idempotencyKey" ~ ('^usage:' || m."id" || ':[0-9]{1,9}$')
        THEN split_part(l."idempotencyKey", ':', 3)::int >= m."billedTicks" ELSE true END)::int AS "outOfRange"
    FROM "Meeting" m LEFT JOIN "LedgerEntry" l ON l."meetingId" = m."id" AND l."type" = 'usage'
    WHERE m."billedTicks" > 0 OR l."id" IS NOT NULL
    GROUP BY m."id"`;
  const meetingMismatches = meetings.filter((m) => m.usageEntries !== m.billedTicks || m.outOfRange > 0);
  const paid = new Set(["completed", "refunded"]);
  const balanceMismatches = balances
    .filter((b) => b.cached !== b.ledger || b.usageCached !== b.usageEntries)
    .map((b) => ({ accountId: b.accountId, userId: b.userId, cachedMicros: b.cached.toString(), ledgerMicros: b.ledger.toString() }));
  const topUpMismatches = credits.filter((c) => (paid.has(c.status) ? c.credits !== 1 : c.credits !== 0));
  return {
    ok: balanceMismatches.length === 0 && topUpMismatches.length === 0 && meetingMismatches.length === 0,
    accountsChecked: balances.length,
    balanceMismatches,
    topUpsChecked: credits.length,
    topUpMismatches,
    meetingsChecked: meetings.length,
    meetingMismatches,
  };
}
