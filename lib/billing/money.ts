import { z } from "zod";

// Money is integers on the server: micro-dollars (1 USD = 1_000_000) in BIGINT columns. JSON carries
// USD numbers. Conversions live here only.
export function usdToMicros(usd: number): bigint {
  return BigInt(Math.round(usd * 1_000_000));
}

export function microsToUsd(micros: bigint): number {
  return Number(micros) / 1_000_000;
}

/** An amount in a response: USD as a JSON number. */
export const dollars = z.number().meta({ description: "US dollars" });
