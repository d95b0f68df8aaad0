import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as topup } from "@/app/api/billing/topup/route";
import { POST as webhook } from "@/app/api/billing/webhook/route";
import { POST as enableRoute } from "@/app/api/billing/auto-refill/route";
import { POST as disableRoute } from "@/app/api/billing/auto-refill/disable/route";
import { db } from "@/lib/db/client";
import { maybeAutoRefill } from "@/lib/billing/auto-refill";
import { applyEntry } from "@/lib/billing/ledger";
import { stripe } from "@/lib/billing/stripe";
import { recordUsage } from "@/lib/billing/usage";
import { call } from "@/test/http";
import { startFakeStripe } from "@/test/fakes/stripe/server";
import { createUser } from "@/test/users";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const SECRET = "whsec_test_secret";

beforeAll(async () => {
  fake = await startFakeStripe();
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_cohost", STRIPE_API_BASE: fake.url, STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_BASE;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await fake.close();
});

function signed(type: string, object: Record<string, unknown>, id = `evt_${randomUUID().slice(0, 12)}`) {
  const payload = JSON.stringify({ id, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object } });
  const header = stripe().webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return { payload, header, id };
}
function deliver(e: { payload: string; header: string }) {
  return call(webhook, { rawBody: e.payload, headers: { "stripe-signature": e.header, "content-type": "application/json" } });
}
async function balance(userId: string) {
  return (await db.creditAccount.findUnique({ where: { userId } }))?.balanceMicros ?? 0n;
}
async function checkout(amount = 25) {
  const u = await createUser();
  const res = await call(topup, { body: { amount }, headers: u.headers });
  expect(res.status).toBe(200);
  const topUp = await db.topUp.findFirstOrThrow({ where: { userId: u.user.id } });
  const pi = `pi_${randomUUID().slice(0, 12)}`;
  const session = (paymentStatus: string) => ({
    id: res.body.id,
    object: "checkout.session",
    payment_status: paymentStatus,
    amount_total: amount * 100,
    payment_intent: pi,
    customer: null,
    metadata: { userId: u.user.id, topUpId: topUp.id, kind: "topup" },
  });
  fake.setIntent({ id: pi, object: "payment_intent", status: "succeeded", payment_method: "pm_card_visa", metadata: { userId: u.user.id, topUpId: topUp.id } });
  return { ...u, res, topUp, pi, session };
}

describe("Stripe top-ups", () => {
  it("creates a Checkout Session in payment mode for a saved customer, keeping the card for off-session use", async () => {
    const before = fake.requests.length;
    const startedAt = Math.floor(Date.now() / 1000);
    const { res, topUp, user } = await checkout(40);
    const answeredAt = Math.ceil(Date.now() / 1000);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = fake.requests.slice(before);
    expect(sent.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    const create = sent.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(create.body).toMatchObject({
      mode: "payment",
      payment_intent_data: { setup_future_usage: "off_session", metadata: { userId: user.id, topUpId: topUp.id } },
      line_items: { "0": { quantity: "1", price_data: { currency: "usd", unit_amount: "4000" } } },
      success_url: "http://localhost:3000/billing?topup=success",
      cancel_url: "http://localhost:3000/billing?topup=cancelled",
    });
    // Abandoned sessions expire after an hour (checkout.session.expired then marks the top-up).
    // (Bounded by clocks read before and after the request, so a slow machine cannot fail it.)
    expect(Number(create.body.expires_at)).toBeGreaterThanOrEqual(startedAt + 3600);
    expect(Number(create.body.expires_at)).toBeLessThanOrEqual(answeredAt + 3600);
    expect(create.idempotencyKey).toBe(`checkout:${topUp.id}`);
    expect(topUp).toMatchObject({ status: "pending", method: "checkout", stripeCheckoutSessionId: res.body.id, amountMicros: 40_000_000n });
    const account = await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } });
    expect(account.stripeCustomerId).toMatch(/^cus_/);
  });

  it("refuses a bad signature with 400 and records nothing", async () => {
    const { session, user } = await checkout();
    const e = signed("checkout.session.completed", session("paid"));
    const res = await call(webhook, { rawBody: e.payload, headers: { "stripe-signature": "t=1,v1=deadbeef" } });
    expect(res.status).toBe(400);
    expect(await db.stripeEvent.findUnique({ where: { id: e.id } })).toBeNull();
    expect(await balance(user.id)).toBe(0n);
  });

  it("credits a paid session once, however often it is delivered, and saves the card", async () => {
    const { session, user, topUp } = await checkout(25);
    const e = signed("checkout.session.completed", session("paid"));
    const results = await Promise.all([deliver(e), deliver(e), deliver(e)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.result).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await balance(user.id)).toBe(25_000_000n);
    expect(await db.topUp.findUniqueOrThrow({ where: { id: topUp.id } })).toMatchObject({ status: "completed" });
    expect((await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } })).stripePaymentMethodId).toBe("pm_card_visa");
  });

  for (const order of [["session", "intent"], ["intent", "session"]]) {
    it(`credits once when both completion events arrive (${order.join(" then ")})`, async () => {
      const { session, user, topUp, pi } = await checkout(30);
      const events = {
        session: signed("checkout.session.completed", session("paid")),
        intent: signed("payment_intent.succeeded", { id: pi, object: "payment_intent", amount: 3000, amount_received: 3000, metadata: { userId: user.id, topUpId: topUp.id } }),
      };
      for (const name of order) expect((await deliver(events[name as "session"])).status).toBe(200);
      expect(await balance(user.id)).toBe(30_000_000n);
      expect(await db.ledgerEntry.count({ where: { userId: user.id } })).toBe(1);
      // One receipt, queued with the credit (a card payment: the reference is the payment intent).
      const jobs = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'billing-receipt' AND data->>'topUpId' = ${topUp.id}`;
      expect(jobs[0].n).toBe(1);
    });
  }

  it("does not credit an unpaid completed session until the async payment succeeds; expiry marks pending top-ups", async () => {
    const { session, user, topUp } = await checkout(20);
    await deliver(signed("checkout.session.completed", session("unpaid")));
    expect(await balance(user.id)).toBe(0n);
    await deliver(signed("checkout.session.async_payment_succeeded", session("paid")));
    expect(await balance(user.id)).toBe(20_000_000n);
    expect((await db.topUp.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe("completed");

    const other = await checkout(10);
    await deliver(signed("checkout.session.expired", other.session("unpaid")));
    expect((await db.topUp.findUniqueOrThrow({ where: { id: other.topUp.id } })).status).toBe("expired");
  });

  it("records refunds and disputes as negative entries, once each", async () => {
    const { session, user, pi } = await checkout(50);
    await deliver(signed("checkout.session.completed", session("paid")));
    const refund = signed("charge.refunded", { id: "ch_1", object: "charge", payment_intent: pi, refunded: false, refunds: { data: [{ id: "re_1", amount: 1500 }] } });
    await deliver(refund);
    await deliver(signed("charge.refunded", { id: "ch_1", object: "charge", payment_intent: pi, refunded: false, refunds: { data: [{ id: "re_1", amount: 1500 }] } }));
    expect(await balance(user.id)).toBe(35_000_000n);
    await deliver(signed("charge.dispute.created", { id: "dp_1", object: "dispute", amount: 1000, payment_intent: pi, status: "needs_response" }));
    expect(await balance(user.id)).toBe(25_000_000n);
    await deliver(signed("charge.dispute.closed", { id: "dp_1", object: "dispute", amount: 1000, payment_intent: pi, status: "won" }));
    expect(await balance(user.id)).toBe(35_000_000n);
  });
});

describe("auto-refill", () => {
  async function withCard(amount = 10) {
    const c = await checkout(amount);
    await deliver(signed("checkout.session.completed", c.session("paid")));
    return c;
  }

  it("needs a card on file", async () => {
    const { headers } = await createUser();
    expect(await call(enableRoute, { body: { amount: 20 }, headers })).toMatchObject({
      status: 400,
      body: { message: "Add a card by topping up once before enabling auto-refill" },
    });
  });

  it("two threshold crossings at once charge the card exactly once", async () => {
    const { user, headers } = await withCard(10);
    expect((await call(enableRoute, { body: { amount: 20, threshold: 15 }, headers })).body).toMatchObject({ enabled: true, amount: 20, threshold: 15, hasCard: true });
    fake.state.nextCharge = "succeed";
    const before = fake.requests.filter((r) => r.path === "/v1/payment_intents").length;
    const results = await Promise.all(Array.from({ length: 5 }, () => maybeAutoRefill(user.id)));
    expect(results.filter((r) => r === "charged")).toHaveLength(1);
    const charges = fake.requests.filter((r) => r.path === "/v1/payment_intents").slice(before);
    expect(charges).toHaveLength(1);
    expect(charges[0].body).toMatchObject({ amount: "2000", currency: "usd", off_session: "true", confirm: "true", payment_method: "pm_card_visa" });
    expect(await balance(user.id)).toBe(30_000_000n);
    expect(await db.topUp.count({ where: { userId: user.id, method: "auto_refill", status: "completed" } })).toBe(1);
  });

  it("a usage debit that crosses the threshold triggers the refill", async () => {
    const { user, headers } = await withCard(5);
    await call(enableRoute, { body: { amount: 10, threshold: 5 }, headers });
    fake.state.nextCharge = "succeed";
    const agent = await db.agent.create({ data: { userId: user.id, name: "A", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
    const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/2", platform: "zoom", scheduledStart: new Date() } });
    const r = await recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick: 0 });
    expect(r).toMatchObject({ charged: true, mustStop: false });
    expect(r.balanceMicros).toBe(5_000_000n - 20_000n + 10_000_000n);
  });

  it("authentication required asks the user to top up; three failures in a row turn it off", async () => {
    const { user, headers } = await withCard(5);
    await call(enableRoute, { body: { amount: 20, threshold: 10 }, headers });
    fake.state.nextCharge = "authentication_required";
    expect(await maybeAutoRefill(user.id)).toBe("failed");
    let account = await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } });
    expect(account).toMatchObject({ autoRefillEnabled: true, autoRefillFailures: 1, autoRefillPendingSince: null });
    expect(account.autoRefillLastError).toContain("Please top up manually");
    fake.state.nextCharge = "card_declined";
    expect(await maybeAutoRefill(user.id)).toBe("failed");
    expect(await maybeAutoRefill(user.id)).toBe("failed");
    account = await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } });
    expect(account.autoRefillEnabled).toBe(false);
    expect(account.autoRefillLastError).toContain("turned off after three failed payments");
    expect(await maybeAutoRefill(user.id)).toBe("skipped");
    expect(await balance(user.id)).toBe(5_000_000n);
    fake.state.nextCharge = "succeed";
  });

  it("disable turns it off", async () => {
    const { headers } = await withCard(5);
    await call(enableRoute, { body: { amount: 10 }, headers });
    expect((await call(disableRoute, { method: "POST", headers })).body).toMatchObject({ enabled: false });
  });

  it("validates the amount and threshold: cents allowed, a threshold of at least $1, and a refill above the threshold", async () => {
    const { user, headers } = await withCard(5);
    const AMOUNT = "Auto-refill amount must be between 5 and 1000 US dollars, in whole cents";
    const THRESHOLD = "Threshold must be between 1 and 1000 US dollars, in whole cents";
    const ABOVE = "The refill amount must be more than the threshold, or one refill would leave the balance below it";
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 3 }, AMOUNT],
      [{ amount: 10.001 }, AMOUNT],
      [{ amount: 10, threshold: -1 }, THRESHOLD],
      // Agents stop at $0.00: a refill at "below $0" would never come in time.
      [{ amount: 10, threshold: 0 }, THRESHOLD],
      [{ amount: 10, threshold: 0.5 }, THRESHOLD],
      // One refill must lift the balance back over the threshold.
      [{ amount: 10, threshold: 10 }, ABOVE],
      [{ amount: 20, threshold: 50 }, ABOVE],
      // Without a threshold the stored one ($5.00 by default) is the one to beat.
      [{ amount: 5 }, ABOVE],
    ];
    for (const [body, message] of cases) {
      const res = await call(enableRoute, { body, headers });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "validation_error", message } });
    }
    expect((await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } })).autoRefillEnabled).toBe(false);
    expect((await call(enableRoute, { body: { amount: 12.5, threshold: 2.25 }, headers })).body).toMatchObject({ enabled: true, amount: 12.5, threshold: 2.25 });
  });

  it("turning off keeps the saved amount and threshold for next time", async () => {
    const { headers } = await withCard(5);
    await call(enableRoute, { body: { amount: 40, threshold: 8.5 }, headers });
    expect((await call(disableRoute, { method: "POST", headers })).body).toMatchObject({ enabled: false, amount: 40, threshold: 8.5 });
  });
});

describe("ledger bypass check", () => {
  it("adjustments still go through the one writer", async () => {
    const { user } = await createUser();
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: 1n, idempotencyKey: "x" });
    expect(await balance(user.id)).toBe(1n);
  });
});
