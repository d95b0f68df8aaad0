// `npm run db:migrate`: apply migrations, seed reference data and install the job queues against
// DATABASE_URL (for deployments that migrate in a release step instead of at web start-up).
import { prepareDatabase } from "./prepare-database.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("✖ Set DATABASE_URL to the PostgreSQL database to migrate.");
  process.exit(1);
}
const { applied, alreadyApplied } = await prepareDatabase(url, (text) => console.log(`▸ ${text}`));
console.log(`▸ ${applied.length} migration(s) applied, ${alreadyApplied} already up to date`);
