import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { isWholeCents, TOPUP_MAX_USD, TOPUP_MIN_USD } from "./amount.ts";
import { applyEntryTx, type Tx } from "./ledger.ts";
import { testModeAllowed } from "./mode.ts";
import { enqueueReceiptTx } from "./receipt.ts";
import { dollars, microsToUsd, usdToMicros } from "./money.ts";

export const TEST_CARD = "pm_test_mode_card";
const AMOUNT_MESSAGE = `Amount must be between ${TOPUP_MIN_USD} and ${TOPUP_MAX_USD} US dollars, in whole cents`;
/** An unpaid checkout expires after this (Stripe sessions are created with the same lifetime). */
export const CHECKOUT_TTL_MINUTES = 60;

export const topUpSchema = z.object({
  amount: z.number({ error: AMOUNT_MESSAGE }).min(TOPUP_MIN_USD, AMOUNT_MESSAGE).max(TOPUP_MAX_USD, AMOUNT_MESSAGE).refine(isWholeCents, AMOUNT_MESSAGE),
});

export const topUpResponse = z
  .object({
    id: z.string(),
    amount: dollars,
    status: z.enum(["pending", "completed", "failed", "expired", "refunded"]),
    method: z.enum(["checkout", "auto_refill", "test_checkout"]),
    createdAt: time,
    completedAt: time.nullable(),
  })
  .meta({ id: "TopUp" });

/** What paying a test checkout answers: whether this payment credited, and the balance after. */
export const testPaymentResponse = z.object({ credited: z.boolean(), balanceUsd: dollars }).meta({ id: "TestPayment" });

/**
 * Abandoned test checkouts expire like Stripe's sessions do (Stripe tells us through the
 * checkout.session.expired webhook); run before reading or paying one, so no view shows a stale
 * "Pending".
 */
async function expireAbandonedTestCheckouts(userId: string): Promise<void> {
  await db.topUp.updateMany({
    where: { userId, method: "test_checkout", status: "pending", createdAt: { lt: new Date(Date.now() - CHECKOUT_TTL_MINUTES * 60_000) } },
    data: { status: "expired" },
  });
}

/** Test mode: a pending top-up whose in-app test checkout page completes it. */
export async function createTestTopUp(userId: string, amountUsd: number): Promise<{ id: string; url: string }> {
  if (!testModeAllowed()) throw new AppError("unavailable", "Payments are not configured on this server");
  const topUp = await db.topUp.create({ data: { userId, amountMicros: usdToMicros(amountUsd), method: "test_checkout" } });
  return { id: topUp.id, url: `/billing/test-checkout/${topUp.id}` };
}

/**
 * Credits a paid top-up exactly once: the ledger key is the payment's identity, so any number of
 * deliveries (webhook retries, both completion events, the test page clicked twice) credit once.
 * The receipt e-mail is queued with the credit (lib/billing/receipt.ts).
 */
export async function creditTopUpTx(
  tx: Tx,
  t: { topUpId: string; userId: string; amountMicros: bigint; paymentKey: string; type?: "topup" | "auto_refill"; paymentIntentId?: string },
) {
  const result = await applyEntryTx(tx, {
    userId: t.userId,
    type: t.type ?? "topup",
    amountMicros: t.amountMicros,
    idempotencyKey: t.paymentKey,
    topUpId: t.topUpId,
    description: t.type === "auto_refill" ? "Auto-refill" : "Top-up",
  });
  await tx.topUp.updateMany({
    where: { id: t.topUpId, status: { not: "completed" } },
    data: { status: "completed", completedAt: new Date(), ...(t.paymentIntentId ? { stripePaymentIntentId: t.paymentIntentId } : {}) },
  });
  if (result.applied) await enqueueReceiptTx(tx, t.topUpId);
  return result;
}

/** The test checkout's Pay button: the same crediting path the webhook uses. */
export async function payTestTopUp(userId: string, topUpId: string) {
  if (!testModeAllowed()) throw new AppError("unavailable", "Test payments are disabled on this server");
  await expireAbandonedTestCheckouts(userId);
  const topUp = await db.topUp.findFirst({ where: { id: topUpId, userId, method: "test_checkout" } });
  if (!topUp) throw new AppError("not_found", "Top-up not found");
  if (topUp.status === "expired") throw new AppError("conflict", "This checkout has expired. Start a new top-up.");
  if (topUp.status !== "pending" && topUp.status !== "completed") throw new AppError("conflict", "This top-up can no longer be paid");
  const result = await db.$transaction(async (tx) => {
    const credited = await creditTopUpTx(tx, { topUpId, userId, amountMicros: topUp.amountMicros, paymentKey: `test:topup:${topUpId}` });
    // Like a real checkout, paying keeps the (test) card on file for auto-refill.
    await tx.creditAccount.updateMany({ where: { userId, stripePaymentMethodId: null }, data: { stripePaymentMethodId: TEST_CARD } });
    return credited;
  });
  return { credited: result.applied, balanceUsd: microsToUsd(result.balanceMicros) } satisfies Sent<typeof testPaymentResponse>;
}

export async function getTestTopUp(userId: string, topUpId: string) {
  await expireAbandonedTestCheckouts(userId);
  const topUp = await db.topUp.findFirst({ where: { id: topUpId, userId, method: "test_checkout" } });
  return topUp && { id: topUp.id, amountUsd: microsToUsd(topUp.amountMicros), status: topUp.status };
}

export async function topUpHistory(userId: string) {
  await expireAbandonedTestCheckouts(userId);
  const rows = await db.topUp.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 100 });
  return rows.map((t) => ({
    id: t.id,
    amount: microsToUsd(t.amountMicros),
    status: t.status,
    method: t.method,
    createdAt: t.createdAt,
    completedAt: t.completedAt,
  }) satisfies Sent<typeof topUpResponse>);
}
