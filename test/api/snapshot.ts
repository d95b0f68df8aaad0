import { db } from "@/lib/db/client";

// Everything a request could change that belongs to one user, read in one round trip: their User
// row, their rows in every table with a "userId" column, the rows of tables that hang off those by a
// foreign key (a meeting's events, a room's participants), and the shared reference data (provider
// catalogue, prices). Found in the catalogue, so tables added later are included.
let query: string | undefined;

async function snapshotQuery(): Promise<string> {
  if (query) return query;
  const owned = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'userId' ORDER BY table_name`;
  const ownedTables = new Set(owned.map((t) => t.table_name));
  const links = await db.$queryRaw<{ child: string; column: string; parent: string }[]>`
    SELECT child.relname AS child, a.attname AS column, parent.relname AS parent
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND n.nspname = current_schema() AND cardinality(c.conkey) = 1
    ORDER BY child.relname, a.attname`;
  const children = new Map<string, string[]>();
  for (const { child, column, parent } of links) {
    if (ownedTables.has(child) || !ownedTables.has(parent) || parent === "User") continue;
    children.set(child, [...(children.get(child) ?? []), `x."${column}" IN (SELECT id FROM "${parent}" WHERE "userId" = $1)`]);
  }
  const part = (table: string, where: string) =>
    `SELECT '${table}' AS t, coalesce(json_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]') AS rows FROM "${table}" x ${where}`;
  query = [
    part("User", `WHERE x.id = $1`),
    ...[...ownedTables].map((table) => part(table, `WHERE x."userId" = $1`)),
    ...[...children].map(([table, conditions]) => part(table, `WHERE ${conditions.join(" OR ")}`)),
    part("Provider", ""),
    part("PricingRate", ""),
  ].join("\nUNION ALL\n");
  return query;
}

export async function snapshot(userId: string): Promise<Record<string, unknown>> {
  const rows = await db.$queryRawUnsafe<{ t: string; rows: unknown }[]>(await snapshotQuery(), userId);
  return Object.fromEntries(rows.map((r) => [r.t, r.rows]));
}
