import { z } from "zod";
import { appUrl } from "../config.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { ensureStripeCustomer } from "./customer.ts";
import { stripeConfigured } from "./mode.ts";
import { microsToCents, stripe } from "./stripe.ts";
import { CHECKOUT_TTL_MINUTES, createTestTopUp } from "./topups.ts";
import { usdToMicros } from "./money.ts";

export const checkoutResponse = z.object({ id: z.string(), url: z.string().meta({ description: "Where to send the user to pay" }) }).meta({ id: "Checkout" });

/**
 * Starts a top-up: a Stripe Checkout Session (payment mode, saved customer, card kept for
 * off-session auto-refill) when Stripe is configured, else the in-app test checkout.
 */
export async function startTopUp(userId: string, amountUsd: number): Promise<Sent<typeof checkoutResponse>> {
  if (!stripeConfigured()) return createTestTopUp(userId, amountUsd);
  const customer = await ensureStripeCustomer(userId);
  const topUp = await db.topUp.create({ data: { userId, amountMicros: usdToMicros(amountUsd), method: "checkout" } });
  const metadata = { userId, topUpId: topUp.id, kind: "topup" };
  const session = await stripe().checkout.sessions.create(
    {
      mode: "payment",
      customer,
      client_reference_id: topUp.id,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: microsToCents(topUp.amountMicros), product_data: { name: "Cohost credit" } },
        },
      ],
      payment_intent_data: { setup_future_usage: "off_session", metadata },
      metadata,
      // Abandoned sessions expire (checkout.session.expired marks the top-up) instead of staying
      // pending for Stripe's default 24 hours.
      expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_TTL_MINUTES * 60,
      success_url: `${appUrl()}/billing?topup=success`,
      cancel_url: `${appUrl()}/billing?topup=cancelled`,
    },
    { idempotencyKey: `checkout:${topUp.id}` },
  );
  await db.topUp.update({ where: { id: topUp.id }, data: { stripeCheckoutSessionId: session.id } });
  return { id: session.id, url: session.url! };
}
