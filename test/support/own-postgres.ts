import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { prepareDatabase } from "@/scripts/prepare-database";

/**
 * A PostgreSQL server of the test file's own, in a temp dir, so the file can really stop and start
 * it (the file runs in its own process, whose database client is created on first use, after this
 * points DATABASE_URL at it). `prepare`: migrated and seeded like the shared one; `dataDir`:
 * DATA_DIR is the temp dir too. Started before the file's first test, removed after its last.
 */
export function ownPostgresForFile(name: string, opts: { prepare?: boolean; dataDir?: boolean } = {}): { readonly database: EmbeddedDatabase } {
  let tmp: string | undefined;
  let database: EmbeddedDatabase | undefined;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    fs.chmodSync(tmp, 0o755);
    database = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: name });
    if (opts.prepare) await prepareDatabase(database.url);
    process.env.DATABASE_URL = database.url;
    if (opts.dataDir) process.env.DATA_DIR = tmp;
  }, 120_000);
  afterAll(async () => {
    await database?.stop().catch(() => {});
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });
  return {
    get database() {
      if (!database) throw new Error("The file's PostgreSQL starts before its first test (beforeAll).");
      return database;
    },
  };
}
