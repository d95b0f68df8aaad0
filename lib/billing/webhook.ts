import type Stripe from "stripe";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { fail } from "./auto-refill.ts";
import { applyEntryTx, type Tx } from "./ledger.ts";
import { centsToMicros, stripe } from "./stripe.ts";
import { creditTopUpTx } from "./topups.ts";

/** Verifies the signature over the raw body; a bad or missing signature is a 400. */
export function verifyEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("unavailable", "Stripe webhooks are not configured");
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    throw new AppError("bad_request", "Invalid Stripe signature");
  }
  // The SDK checks the signature, not the shape; every handler below relies on these.
  const object = (event as Partial<Stripe.Event> | null)?.data?.object;
  if (typeof event?.id !== "string" || typeof event.type !== "string" || typeof object !== "object" || object === null) {
    throw new AppError("bad_request", "Malformed Stripe event");
  }
  return event;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/**
 * Applies one event exactly once: the StripeEvent row and the event's effect commit in one
 * transaction; a redelivered event finds its row and does nothing. Stripe calls (fetching the saved
 * card) happen before the transaction.
 */
export async function handleEvent(event: Stripe.Event): Promise<"applied" | "duplicate" | "ignored"> {
  const paymentMethod = await paymentMethodFor(event);
  return db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "StripeEvent" ("id", "type") VALUES (${event.id}, ${event.type}) ON CONFLICT ("id") DO NOTHING`;
    if (inserted === 0) return "duplicate";
    return (await apply(tx, event, paymentMethod)) ? "applied" : "ignored";
  });
}

async function paymentMethodFor(event: Stripe.Event): Promise<string | null> {
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const pi = idOf(session.payment_intent);
  if (!pi || session.payment_status !== "paid") return null;
  const intent = await stripe().paymentIntents.retrieve(pi);
  return idOf(intent.payment_method);
}

async function apply(tx: Tx, event: Stripe.Event, paymentMethod: string | null): Promise<boolean> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object as Stripe.Checkout.Session;
      // "completed" also fires for delayed methods before the money arrives: credit only when paid.
      if (s.payment_status !== "paid") return false;
      const topUp = await tx.topUp.findFirst({ where: { id: s.metadata?.topUpId ?? "", stripeCheckoutSessionId: s.id } });
      const pi = idOf(s.payment_intent);
      if (!topUp || !pi) return false;
      await creditTopUpTx(tx, { topUpId: topUp.id, userId: topUp.userId, amountMicros: centsToMicros(s.amount_total ?? 0), paymentKey: `stripe:pi:${pi}`, paymentIntentId: pi });
      // The card used here is kept for off-session auto-refill (the customer was saved at creation).
      if (paymentMethod) await tx.creditAccount.update({ where: { userId: topUp.userId }, data: { stripePaymentMethodId: paymentMethod } });
      return true;
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const s = event.data.object as Stripe.Checkout.Session;
      const status = event.type === "checkout.session.expired" ? "expired" : "failed";
      const r = await tx.topUp.updateMany({ where: { stripeCheckoutSessionId: s.id, status: "pending" }, data: { status } });
      return r.count > 0;
    }
    case "payment_intent.succeeded": {
      const pi = event.data.object as Stripe.PaymentIntent;
      const topUp = await tx.topUp.findFirst({ where: { id: pi.metadata?.topUpId ?? "", userId: pi.metadata?.userId ?? "" } });
      if (!topUp) return false;
      await creditTopUpTx(tx, {
        topUpId: topUp.id,
        userId: topUp.userId,
        amountMicros: centsToMicros(pi.amount_received || pi.amount),
        paymentKey: `stripe:pi:${pi.id}`,
        type: topUp.method === "auto_refill" ? "auto_refill" : "topup",
        paymentIntentId: pi.id,
      });
      if (topUp.method === "auto_refill") {
        await tx.creditAccount.update({ where: { userId: topUp.userId }, data: { autoRefillPendingSince: null, autoRefillFailures: 0, autoRefillLastError: null } });
      }
      return true;
    }
    case "payment_intent.payment_failed": {
      const pi = event.data.object as Stripe.PaymentIntent;
      const topUp = await tx.topUp.findFirst({ where: { id: pi.metadata?.topUpId ?? "", userId: pi.metadata?.userId ?? "", status: "pending" } });
      if (!topUp) return false;
      if (topUp.method === "auto_refill") {
        await fail(topUp.userId, topUp.id, `The automatic payment failed: ${pi.last_payment_error?.message ?? "declined"}`, tx);
      } else {
        await tx.topUp.update({ where: { id: topUp.id }, data: { status: "failed", failureReason: pi.last_payment_error?.message ?? null } });
      }
      return true;
    }
    case "charge.refunded": {
      const charge = event.data.object as Stripe.Charge;
      const topUp = await tx.topUp.findFirst({ where: { stripePaymentIntentId: idOf(charge.payment_intent) ?? "" } });
      if (!topUp) return false;
      for (const refund of charge.refunds?.data ?? []) {
        await applyEntryTx(tx, { userId: topUp.userId, type: "refund", amountMicros: -centsToMicros(refund.amount), idempotencyKey: `stripe:refund:${refund.id}`, topUpId: topUp.id, description: "Refund" });
      }
      if (charge.refunded) await tx.topUp.update({ where: { id: topUp.id }, data: { status: "refunded" } });
      return true;
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object as Stripe.Dispute;
      const topUp = await tx.topUp.findFirst({ where: { stripePaymentIntentId: idOf(dispute.payment_intent) ?? "" } });
      if (!topUp) return false;
      if (event.type === "charge.dispute.created") {
        await applyEntryTx(tx, { userId: topUp.userId, type: "dispute", amountMicros: -centsToMicros(dispute.amount), idempotencyKey: `stripe:dispute:${dispute.id}`, topUpId: topUp.id, description: "Dispute opened" });
      } else if (dispute.status === "won") {
        await applyEntryTx(tx, { userId: topUp.userId, type: "dispute", amountMicros: centsToMicros(dispute.amount), idempotencyKey: `stripe:dispute:${dispute.id}:won`, topUpId: topUp.id, description: "Dispute won" });
      }
      return true;
    }
    default:
      return false;
  }
}
