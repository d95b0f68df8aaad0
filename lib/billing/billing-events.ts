import { microsToUsd } from "./money.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { recordEvent } from "../events/record-event.ts";

interface AppliedEntry {
  userId: string;
  type: string;
  amountMicros: bigint;
  topUpId?: string;
}

/**
 * The billing events of one ledger entry, in its transaction (called by the ledger writer only):
 * billing.topup_succeeded when a top-up or an auto-refill is credited, billing.balance_low when the
 * balance falls below the account's low-balance threshold (the auto-refill threshold, $5 unless set),
 * once per crossing.
 */
export async function recordLedgerEvents(tx: Prisma.TransactionClient, e: AppliedEntry, balanceMicros: bigint, thresholdMicros: bigint): Promise<void> {
  if ((e.type === "topup" || e.type === "auto_refill") && e.amountMicros > 0n) {
    await recordEvent(tx, {
      userId: e.userId,
      type: "billing.topup_succeeded",
      data: { topUpId: e.topUpId ?? null, method: e.type, amountUsd: microsToUsd(e.amountMicros), balanceUsd: microsToUsd(balanceMicros) },
    });
  }
  const before = balanceMicros - e.amountMicros;
  if (before >= thresholdMicros && balanceMicros < thresholdMicros) {
    await recordEvent(tx, {
      userId: e.userId,
      type: "billing.balance_low",
      data: { balanceUsd: microsToUsd(balanceMicros), thresholdUsd: microsToUsd(thresholdMicros) },
    });
  }
}
