import type { PrismaClient } from "../lib/generated/prisma/client.ts";
import { seedProviders } from "../lib/providers/seed.ts";
import { seedPricingRates } from "../lib/billing/seed-pricing.ts";

// Reference data every install needs. Idempotent: safe to run at every start.
export async function seedReferenceData(db: PrismaClient): Promise<void> {
  await seedProviders(db);
  await seedPricingRates(db);
}
