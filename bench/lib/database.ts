import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";
import { prepareDatabase } from "../../scripts/prepare-database.ts";

/** A migrated, seeded PostgreSQL for a benchmark: DATABASE_URL when set, else an embedded one in a temp dir. */
export async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  let url = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-bench-db-"));
    fs.chmodSync(tmp, 0o755);
    const pg = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_bench" });
    url = pg.url;
    stop = async () => {
      await pg.stop().catch(() => {});
      fs.rmSync(tmp, { recursive: true, force: true });
    };
  }
  await prepareDatabase(url);
  process.env.DATABASE_URL = url;
  return { url, stop };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
