import { workerDatabaseUrl } from "../support/worker-database.ts";

// Runs in the test worker before each test file (Vitest's setupFiles): the file's database is its
// worker's copy (test/global-setup.ts), so files in other workers never see its rows, queues or
// rate-limit buckets. The database client is created on first use, after this.
const poolId = process.env.VITEST_POOL_ID;
if (!poolId) throw new Error("VITEST_POOL_ID is not set: is this file run outside a Vitest worker?");
process.env.DATABASE_URL = workerDatabaseUrl(process.env.PREPARED_DATABASE_URL!, poolId);
