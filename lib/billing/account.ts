import { db } from "../db/client.ts";
import { microsToUsd } from "./money.ts";

/** The billing fields of the spec's profile (GET /api/me). A user without an account has 0. */
export async function getCreditSummary(userId: string) {
  const account = await db.creditAccount.findUnique({ where: { userId } });
  return {
    creditBalanceUsd: microsToUsd(account?.balanceMicros ?? 0n),
    autoRefillEnabled: account?.autoRefillEnabled ?? false,
    autoRefillAmount: microsToUsd(account?.autoRefillAmountMicros ?? 0n),
    stripeCustomerId: account?.stripeCustomerId ?? null,
  };
}
