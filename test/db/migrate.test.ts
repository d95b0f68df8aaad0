import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, runMigrations } from "@/lib/db/migrate";

// Runs the migration runner against fresh databases on the test server.
const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
const created: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `migrate_${randomUUID().slice(0, 8)}`;
  const client = admin();
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  created.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function rows(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const migrationNames = fs.readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

afterAll(async () => {
  const client = admin();
  await client.connect();
  for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
});

describe("migration runner", () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase();
  });

  it("applies every migration once even when several processes start together", async () => {
    const results = await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual(migrationNames);
    const bookkeeping = await rows(url, `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(bookkeeping.map((r) => r.migration_name)).toEqual(migrationNames);
    for (const row of bookkeeping) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("is a no-op when everything is applied", async () => {
    expect(await runMigrations(url)).toEqual({ applied: [], alreadyApplied: migrationNames.length });
  });

  it("refuses to start when an applied migration was edited", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-migrations-"));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    fs.appendFileSync(path.join(dir, migrationNames[0], "migration.sql"), "\n-- edited\n");
    await expect(runMigrations(url, dir)).rejects.toThrow(/was edited after it was applied/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("rolls a failing migration back completely and records nothing", async () => {
    const target = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-migrations-"));
    fs.mkdirSync(path.join(dir, "20000101000000_broken"));
    fs.writeFileSync(path.join(dir, "20000101000000_broken", "migration.sql"), `CREATE TABLE "Half" (id int);\nSELECT no_such_function();`);
    await expect(runMigrations(target, dir)).rejects.toThrow(/20000101000000_broken failed/);
    expect(await rows(target, `SELECT to_regclass('"Half"') AS t`)).toEqual([{ t: null }]);
    expect(await rows(target, `SELECT count(*)::int AS n FROM "_prisma_migrations"`)).toEqual([{ n: 0 }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
