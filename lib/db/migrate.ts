import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/*/migration.sql in order, keeping Prisma's own `_prisma_migrations`
// bookkeeping (same table, same checksum) so `prisma migrate deploy` agrees on machines that have
// Prisma's schema engine. An advisory lock makes concurrent starts wait instead of applying twice.

const LOCK_KEY = 72707369; // arbitrary, fixed: the same for every Cohost process

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export async function runMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; finished_at: Date | null; checksum: string }>(
      `SELECT migration_name, finished_at, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    const names = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
      .map((d) => d.name)
      .sort();
    const applied: string[] = [];
    for (const name of names) {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const previous = done.get(name);
      if (previous) {
        if (!previous.finished_at) {
          throw new Error(`Migration ${name} failed earlier and needs attention before Cohost can start.`);
        }
        if (previous.checksum !== checksum) {
          throw new Error(`Migration ${name} was edited after it was applied; add a new migration instead.`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, checksum, name],
        );
        await client.query(sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`);
      }
      applied.push(name);
    }
    return { applied, alreadyApplied: names.length - applied.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
