import type { PrismaClient } from "../generated/prisma/client.ts";

// Seeded prices. Rates are versioned, never edited in place: a changed price here closes the open
// rate for that action and opens a new one.
export const SEED_RATES = [
  { action: "agent_minute", unit: "minute", priceMicros: 20_000n, description: "Agent time in a meeting, per started minute" },
];

export async function seedPricingRates(db: PrismaClient, now = new Date()): Promise<void> {
  for (const rate of SEED_RATES) {
    const open = await db.pricingRate.findFirst({ where: { action: rate.action, effectiveTo: null } });
    if (open && open.priceMicros === rate.priceMicros && open.unit === rate.unit) continue;
    await db.$transaction(async (tx) => {
      if (open) await tx.pricingRate.update({ where: { id: open.id }, data: { effectiveTo: now } });
      await tx.pricingRate.create({ data: { ...rate, effectiveFrom: now } });
    });
  }
}
