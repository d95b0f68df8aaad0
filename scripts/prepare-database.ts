import { installJobs } from "../lib/jobs/boss.ts";
import { createPrismaClient } from "../lib/db/client.ts";
import { runMigrations } from "../lib/db/migrate.ts";
import { seedReferenceData } from "./seed-reference-data.ts";

/**
 * Everything a database needs before Cohost serves from it: our migrations, reference data (provider
 * catalogue, pricing) and pg-boss's schema with our queues. Idempotent; used by `npm start`,
 * `npm run db:migrate`, the test set-up and the benchmarks.
 */
export async function prepareDatabase(url: string, step: (text: string) => void = () => {}) {
  step("Applying database migrations");
  const migrations = await runMigrations(url);
  step("Seeding reference data and job queues");
  const prisma = createPrismaClient(url);
  try {
    await seedReferenceData(prisma);
  } finally {
    await prisma.$disconnect();
  }
  await installJobs(url);
  return migrations;
}
