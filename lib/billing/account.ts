import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { microsToUsd, dollars } from "./money.ts";

/** The credit-account columns behind the spec's profile billing fields. */
export const CREDIT_SELECT = { balanceMicros: true, autoRefillEnabled: true, autoRefillAmountMicros: true, stripeCustomerId: true } as const;

/** The account's columns; null, as a LEFT JOIN gives them, for a user without an account. */
export type CreditRow = { balanceMicros: bigint | null; autoRefillEnabled: boolean | null; autoRefillAmountMicros: bigint | null; stripeCustomerId: string | null };

/** The billing fields of the profile (lib/users/profile.ts). */
export const creditSummaryResponse = z.object({ creditBalanceUsd: dollars, autoRefillEnabled: z.boolean(), autoRefillAmount: dollars, stripeCustomerId: z.string().nullable() });

/** The billing fields of the spec's profile (GET /api/me). A user without an account has 0. */
export function toCreditSummary(account: CreditRow | null | undefined) {
  return {
    creditBalanceUsd: microsToUsd(account?.balanceMicros ?? 0n),
    autoRefillEnabled: account?.autoRefillEnabled ?? false,
    autoRefillAmount: microsToUsd(account?.autoRefillAmountMicros ?? 0n),
    stripeCustomerId: account?.stripeCustomerId ?? null,
  } satisfies Sent<typeof creditSummaryResponse>;
}

export async function getCreditSummary(userId: string) {
  return toCreditSummary(await db.creditAccount.findUnique({ where: { userId }, select: CREDIT_SELECT }));
}
