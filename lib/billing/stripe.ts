import Stripe from "stripe";

// The real Stripe SDK. STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points it at another server
// speaking Stripe's HTTP API — the tests' local fake.
let client: Stripe | undefined;
let clientKey: string | undefined;

export function stripe(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = process.env.STRIPE_API_BASE;
  const cacheKey = `${key}|${base ?? ""}`;
  if (!client || clientKey !== cacheKey) {
    const url = base ? new URL(base) : undefined;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url ? { host: url.hostname, port: url.port || (url.protocol === "https:" ? 443 : 80), protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
    });
    clientKey = cacheKey;
  }
  return client;
}

/** Stripe amounts are cents; ours are micro-dollars. */
export const centsToMicros = (cents: number) => BigInt(cents) * 10_000n;
export const microsToCents = (micros: bigint) => Number(micros / 10_000n);
