// `npm run billing:reconcile`: checks the money invariants against DATABASE_URL, prints a JSON report
// and exits 1 when anything does not add up.
import { createPrismaClient } from "../lib/db/client.ts";
import { reconcile } from "../lib/billing/reconcile.ts";

if (!process.env.DATABASE_URL) {
  console.error("✖ Set DATABASE_URL to the database to check (for the embedded one, see DATA_DIR/postgres).");
  process.exit(2);
}
const db = createPrismaClient();
const report = await reconcile(db);
await db.$disconnect();
console.log(JSON.stringify(report, null, 2));
process.exit(report.ok ? 0 : 1);
