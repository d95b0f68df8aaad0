import { appUrl } from "../config.ts";

// Stripe when STRIPE_SECRET_KEY is set. Without it, billing runs in test mode — a clearly labelled
// checkout page inside the app — when that cannot take real customers: outside production, on a
// localhost APP_URL (the zero-setup `npm start`), or when BILLING_TEST_MODE=1 says so explicitly.
export function stripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

export function testModeAllowed(): boolean {
  if (stripeConfigured()) return false;
  if (process.env.BILLING_TEST_MODE === "1") return true;
  if (process.env.NODE_ENV !== "production" || process.env.COHOST_ENV === "test") return true;
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(appUrl());
}
