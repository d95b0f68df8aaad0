// `npm run db:migrate`: apply migrations and seed reference data against DATABASE_URL (for
// deployments that migrate in a release step instead of at web start-up).
import { runMigrations } from "../lib/db/migrate.ts";
import { createPrismaClient } from "../lib/db/client.ts";
import { seedReferenceData } from "../lib/db/seed.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("✖ Set DATABASE_URL to the PostgreSQL database to migrate.");
  process.exit(1);
}
const { applied, alreadyApplied } = await runMigrations(url);
console.log(`▸ ${applied.length} migration(s) applied, ${alreadyApplied} already up to date`);
const prisma = createPrismaClient(url);
await seedReferenceData(prisma);
await prisma.$disconnect();
console.log("▸ Reference data seeded");
