import type { PrismaClient } from "../generated/prisma/client.ts";
import { seedProviders } from "../providers/seed.ts";
import { seedPricingRates } from "../billing/seed-pricing.ts";

// Reference data every install needs. Idempotent: safe to run at every start.
export async function seedReferenceData(db: PrismaClient): Promise<void> {
  await seedProviders(db);
  await seedPricingRates(db);
}
