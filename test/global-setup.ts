import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded.ts";
import { prepareDatabase } from "../scripts/prepare-database.ts";
import { workerDatabaseUrl } from "./support/worker-database.ts";

// One real PostgreSQL for the whole Vitest run: embedded in a temp dir, or TEST_DATABASE_URL.
// Test files run in several workers at once, and some of what they test is global to a database
// (the webhook worker drains every queue, rate-limit buckets, LISTEN/NOTIFY), so each worker gets a
// database of its own, copied from the prepared one (test/support/worker-database.ts); within a
// worker, files run one after another as they once did on the single database.
// Settings are passed to the test workers through the environment they inherit.
let embedded: EmbeddedDatabase | undefined;
let tmp: string | undefined;

export async function setup(project?: TestProject) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-test-"));
  fs.chmodSync(tmp, 0o755);
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_test" });
    url = embedded.url;
  }
  await prepareDatabase(url);
  await copyForWorkers(url, project?.config.maxWorkers ?? 1);
  Object.assign(process.env, {
    DATABASE_URL: url,
    PREPARED_DATABASE_URL: url,
    DATA_DIR: tmp,
    NEXTAUTH_SECRET: "test-secret-for-vitest-only",
    NEXTAUTH_URL: "http://localhost:3000",
    APP_URL: "http://localhost:3000",
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    COHOST_ENV: "test",
  });
}

/** A fresh copy of the prepared database for each worker (replacing one an earlier run left). */
async function copyForWorkers(url: string, workers: number) {
  const template = new URL(url).pathname.slice(1);
  // Copying needs a session outside the template: the server's maintenance database.
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    // A template must have no other sessions; pg-boss may still be closing its pool.
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [template]);
    for (let i = 1; i <= workers; i++) {
      const copy = new URL(workerDatabaseUrl(url, i)).pathname.slice(1);
      await admin.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${copy}" TEMPLATE "${template}"`);
    }
  } finally {
    await admin.end();
  }
}

export async function teardown() {
  await embedded?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
