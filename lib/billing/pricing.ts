import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { dollars, microsToUsd } from "./money.ts";

export const pricingRateResponse = z
  .object({ id: z.string(), action: z.string(), unit: z.string(), priceUsd: dollars, description: z.string(), effectiveFrom: time })
  .meta({ id: "PricingRate" });

/** The rate in force for an action at a moment (rates are versioned, never edited in place). */
export async function currentRate(action: string, at = new Date(), client: Pick<Prisma.TransactionClient, "pricingRate"> = db) {
  return client.pricingRate.findFirst({
    where: { action, effectiveFrom: { lte: at }, OR: [{ effectiveTo: null }, { effectiveTo: { gt: at } }] },
    orderBy: { effectiveFrom: "desc" },
  });
}

export async function listCurrentRates(at = new Date()) {
  const rates = await db.pricingRate.findMany({
    where: { effectiveFrom: { lte: at }, OR: [{ effectiveTo: null }, { effectiveTo: { gt: at } }] },
    orderBy: [{ action: "asc" }, { effectiveFrom: "desc" }],
  });
  const seen = new Set<string>();
  return rates
    .filter((r) => !seen.has(r.action) && seen.add(r.action))
    .map((r) => ({ id: r.id, action: r.action, unit: r.unit, priceUsd: microsToUsd(r.priceMicros), description: r.description, effectiveFrom: r.effectiveFrom }) satisfies Sent<typeof pricingRateResponse>);
}
