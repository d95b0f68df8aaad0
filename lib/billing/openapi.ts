import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { autoRefillResponse, autoRefillSchema } from "./auto-refill.ts";
import { checkoutResponse } from "./checkout.ts";
import { pricingRateResponse } from "./pricing.ts";
import { testPaymentResponse, topUpResponse, topUpSchema } from "./topups.ts";
import { spendDayResponse, usageHistoryResponse, usageQuerySchema } from "./usage-history.ts";

// The prepaid balance: top-ups, auto-refill, what was spent, the prices, and Stripe's webhook.

export const BILLING_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/billing/topup", operationId: "startTopUp", tag: "Billing", summary: "Start a top-up: answers the checkout to send the user to", auth: "user", body: topUpSchema, responses: { 200: checkoutResponse } },
  { method: "get", path: "/api/billing/auto-refill", operationId: "getAutoRefill", tag: "Billing", summary: "Auto-refill settings", auth: "user", responses: { 200: autoRefillResponse } },
  { method: "post", path: "/api/billing/auto-refill", operationId: "enableAutoRefill", tag: "Billing", summary: "Turn on auto-refill", auth: "user", body: autoRefillSchema, responses: { 200: autoRefillResponse } },
  { method: "post", path: "/api/billing/auto-refill/disable", operationId: "disableAutoRefill", tag: "Billing", summary: "Turn off auto-refill", auth: "user", responses: { 200: autoRefillResponse } },
  { method: "get", path: "/api/billing/usage-history", operationId: "usageHistory", tag: "Billing", summary: "Usage charges, newest first (group=meeting: one row per meeting)", auth: "user", query: usageQuerySchema, responses: { 200: usageHistoryResponse } },
  { method: "get", path: "/api/billing/topup-history", operationId: "topUpHistory", tag: "Billing", summary: "Top-ups, newest first", auth: "user", responses: { 200: z.array(topUpResponse) } },
  { method: "get", path: "/api/billing/pricing-rates", operationId: "pricingRates", tag: "Billing", summary: "Current prices", auth: "user", responses: { 200: z.array(pricingRateResponse) } },
  { method: "get", path: "/api/billing/spend-per-day", operationId: "spendPerDay", tag: "Billing", summary: "Spend per day, last 30 days (UTC)", auth: "user", responses: { 200: z.array(spendDayResponse) } },
  { method: "post", path: "/api/billing/test-checkout/{id}/pay", operationId: "payTestCheckout", tag: "Billing", summary: "Pay a test-mode checkout (servers without Stripe)", auth: "user", responses: { 200: testPaymentResponse } },
  {
    method: "post", path: "/api/billing/webhook", operationId: "stripeWebhook", tag: "Billing", summary: "Stripe's webhook (signed by Stripe)", auth: "stripe",
    responses: { 200: z.object({ received: z.literal(true), result: z.unknown() }) },
  },
];
