import { z } from "zod";
import type Stripe from "stripe";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import { isWholeCents, THRESHOLD_MIN_USD, TOPUP_MAX_USD, TOPUP_MIN_USD } from "./amount.ts";
import { stripeConfigured } from "./mode.ts";
import { dollars, microsToUsd, usdToMicros } from "./money.ts";
import { microsToCents, stripe } from "./stripe.ts";
import { creditTopUpTx, TEST_CARD } from "./topups.ts";
import type { Tx } from "./ledger.ts";

export const MAX_AUTO_REFILL_FAILURES = 3;
const STALE_CLAIM_MINUTES = 10;
const AMOUNT = `Auto-refill amount must be between ${TOPUP_MIN_USD} and ${TOPUP_MAX_USD} US dollars, in whole cents`;
// Agents stop at $0.00, so a refill must start before that.
const THRESHOLD = `Threshold must be between ${THRESHOLD_MIN_USD} and ${TOPUP_MAX_USD} US dollars, in whole cents`;
export const REFILL_BELOW_THRESHOLD = "The refill amount must be more than the threshold, or one refill would leave the balance below it";

export const autoRefillSchema = z.object({
  amount: z.number({ error: AMOUNT }).min(TOPUP_MIN_USD, AMOUNT).max(TOPUP_MAX_USD, AMOUNT).refine(isWholeCents, AMOUNT),
  threshold: z.number({ error: THRESHOLD }).min(THRESHOLD_MIN_USD, THRESHOLD).max(TOPUP_MAX_USD, THRESHOLD).refine(isWholeCents, THRESHOLD).optional(),
});

export const autoRefillResponse = z
  .object({ enabled: z.boolean(), amount: dollars, threshold: dollars, hasCard: z.boolean(), failures: z.int(), lastError: z.string().nullable() })
  .meta({ id: "AutoRefill" });

export const NO_CARD = "Add a card by topping up once before enabling auto-refill";
const AUTH_REQUIRED = "Your bank asked to confirm the automatic payment. Please top up manually to confirm your card.";
const DISABLED = "Auto-refill was turned off after three failed payments. Top up manually to keep your agents running.";

export async function autoRefillSettings(userId: string) {
  const a = await db.creditAccount.findUnique({ where: { userId } });
  return {
    enabled: a?.autoRefillEnabled ?? false,
    amount: microsToUsd(a?.autoRefillAmountMicros ?? 0n),
    threshold: microsToUsd(a?.autoRefillThresholdMicros ?? 5_000_000n),
    hasCard: Boolean(a?.stripePaymentMethodId),
    failures: a?.autoRefillFailures ?? 0,
    lastError: a?.autoRefillLastError ?? null,
  } satisfies Sent<typeof autoRefillResponse>;
}

export async function enableAutoRefill(userId: string, input: z.infer<typeof autoRefillSchema>) {
  const account = await db.creditAccount.findUnique({ where: { userId } });
  if (!account?.stripePaymentMethodId) throw new AppError("validation_error", NO_CARD, { issues: [{ path: "card", message: NO_CARD }] });
  // A refill starts when the balance is under the threshold, which can be close to $0.00: only an
  // amount above the threshold lifts it back over, instead of charging again at once.
  const threshold = input.threshold !== undefined ? usdToMicros(input.threshold) : account.autoRefillThresholdMicros;
  if (usdToMicros(input.amount) <= threshold) {
    throw new AppError("validation_error", REFILL_BELOW_THRESHOLD, { issues: [{ path: "amount", message: REFILL_BELOW_THRESHOLD }] });
  }
  await db.creditAccount.update({
    where: { userId },
    data: {
      autoRefillEnabled: true,
      autoRefillAmountMicros: usdToMicros(input.amount),
      ...(input.threshold !== undefined ? { autoRefillThresholdMicros: usdToMicros(input.threshold) } : {}),
      autoRefillFailures: 0,
      autoRefillLastError: null,
    },
  });
  return autoRefillSettings(userId);
}

export async function disableAutoRefill(userId: string) {
  await db.creditAccount.updateMany({ where: { userId }, data: { autoRefillEnabled: false, autoRefillPendingSince: null } });
  return autoRefillSettings(userId);
}

/**
 * A refill is due: it is on, a card is saved, the balance is under the threshold and no refill is
 * under way (or the one under way was claimed so long ago that its worker must have died).
 */
const REFILL_DUE = Prisma.sql`"autoRefillEnabled" AND "stripePaymentMethodId" IS NOT NULL
  AND "balanceMicros" < "autoRefillThresholdMicros" AND "autoRefillAmountMicros" > 0
  AND ("autoRefillPendingSince" IS NULL OR "autoRefillPendingSince" < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))`;

/** Whether the user's account needs a refill now, read in the caller's transaction (after a debit). */
export async function refillDueTx(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ due: boolean }[]>`SELECT (${REFILL_DUE}) AS due FROM "CreditAccount" WHERE "userId" = ${userId}`;
  return rows[0]?.due ?? false;
}

/**
 * The refill job's work (lib/billing/refill-job.ts), never a debit's: when the balance is below the
 * threshold, claims the refill with one guarded UPDATE (so of many concurrent jobs exactly one
 * charges), then charges the saved card off-session — outside any database transaction.
 */
export async function maybeAutoRefill(userId: string): Promise<"charged" | "failed" | "skipped"> {
  const claimed = await db.$queryRaw<{ amount: bigint; customer: string | null; card: string }[]>`
    UPDATE "CreditAccount" SET "autoRefillPendingSince" = now(), "updatedAt" = now()
    WHERE "userId" = ${userId} AND ${REFILL_DUE}
    RETURNING "autoRefillAmountMicros" AS amount, "stripeCustomerId" AS customer, "stripePaymentMethodId" AS card`;
  if (claimed.length === 0) return "skipped";
  const { amount, customer, card } = claimed[0];
  const topUp = await db.topUp.create({ data: { userId, amountMicros: amount, method: "auto_refill" } });

  if (!stripeConfigured() || card === TEST_CARD) {
    await db.$transaction((tx) =>
      creditTopUpTx(tx, { topUpId: topUp.id, userId, amountMicros: amount, paymentKey: `test:auto-refill:${topUp.id}`, type: "auto_refill" }),
    );
    await settle(userId, null);
    return "charged";
  }

  try {
    const intent = await stripe().paymentIntents.create(
      {
        amount: microsToCents(amount),
        currency: "usd",
        customer: customer ?? undefined,
        payment_method: card,
        off_session: true,
        confirm: true,
        metadata: { userId, topUpId: topUp.id, kind: "auto_refill" },
      },
      { idempotencyKey: `auto-refill:${topUp.id}` },
    );
    await db.topUp.update({ where: { id: topUp.id }, data: { stripePaymentIntentId: intent.id } });
    if (intent.status === "succeeded") {
      // Same key as the payment_intent.succeeded webhook: whichever comes first credits.
      await db.$transaction((tx) =>
        creditTopUpTx(tx, { topUpId: topUp.id, userId, amountMicros: amount, paymentKey: `stripe:pi:${intent.id}`, type: "auto_refill", paymentIntentId: intent.id }),
      );
      await settle(userId, null);
      return "charged";
    }
    await fail(userId, topUp.id, AUTH_REQUIRED);
    return "failed";
  } catch (err) {
    const e = err as Stripe.errors.StripeError;
    const message = e?.code === "authentication_required" ? AUTH_REQUIRED : `The automatic payment failed: ${e?.message ?? "unknown error"}`;
    await fail(userId, topUp.id, message);
    return "failed";
  }
}

async function settle(userId: string, lastError: string | null) {
  await db.creditAccount.update({ where: { userId }, data: { autoRefillPendingSince: null, autoRefillFailures: 0, autoRefillLastError: lastError } });
}

/** Records a failed refill; the third failure in a row turns auto-refill off and says so. */
export async function fail(userId: string, topUpId: string, message: string, client: Tx = db) {
  const pending = await client.topUp.updateMany({ where: { id: topUpId, status: "pending" }, data: { status: "failed", failureReason: message } });
  if (pending.count === 0) return; // this top-up's failure was already counted
  const rows = await client.$queryRaw<{ failures: number }[]>`
    UPDATE "CreditAccount" SET "autoRefillFailures" = "autoRefillFailures" + 1, "autoRefillPendingSince" = NULL,
      "autoRefillLastError" = ${message}, "updatedAt" = now()
    WHERE "userId" = ${userId} RETURNING "autoRefillFailures" AS failures`;
  if ((rows[0]?.failures ?? 0) >= MAX_AUTO_REFILL_FAILURES) {
    await client.creditAccount.update({ where: { userId }, data: { autoRefillEnabled: false, autoRefillLastError: DISABLED } });
  }
}
