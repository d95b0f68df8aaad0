// Each Vitest worker works on a database of its own, a copy of the prepared one made by
// test/global-setup.ts: `<name>_<pool id>` on the same server. test/setup/worker-database.ts points
// DATABASE_URL at it before a test file loads.

/** The URL of worker `poolId`'s copy of the database at `url`. */
export function workerDatabaseUrl(url: string, poolId: number | string): string {
  const copy = new URL(url);
  copy.pathname = `${copy.pathname}_${poolId}`;
  return copy.toString();
}
