import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded.ts";
import { prepareDatabase } from "../scripts/prepare-database.ts";

// One real PostgreSQL for the whole Vitest run: embedded in a temp dir, or TEST_DATABASE_URL.
// Settings are passed to the test workers through the environment they inherit.
let embedded: EmbeddedDatabase | undefined;
let tmp: string | undefined;

export async function setup() {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-test-"));
  fs.chmodSync(tmp, 0o755);
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_test" });
    url = embedded.url;
  }
  await prepareDatabase(url);
  Object.assign(process.env, {
    DATABASE_URL: url,
    DATA_DIR: tmp,
    NEXTAUTH_SECRET: "test-secret-for-vitest-only",
    NEXTAUTH_URL: "http://localhost:3000",
    APP_URL: "http://localhost:3000",
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    COHOST_ENV: "test",
  });
}

export async function teardown() {
  await embedded?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
