import { db } from "@/lib/db/client";

// Everything a request could change that belongs to one user, read in one round trip: their User
// row, their rows in every table with a "userId" column (tables added later included), and the
// shared reference data (provider catalogue, prices).
let query: string | undefined;

async function snapshotQuery(): Promise<string> {
  if (query) return query;
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'userId' ORDER BY table_name`;
  const part = (table: string, where: string) =>
    `SELECT '${table}' AS t, coalesce(json_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]') AS rows FROM "${table}" x ${where}`;
  query = [
    part("User", `WHERE x.id = $1`),
    ...tables.map(({ table_name }) => part(table_name, `WHERE x."userId" = $1`)),
    part("Provider", ""),
    part("PricingRate", ""),
  ].join("\nUNION ALL\n");
  return query;
}

export async function snapshot(userId: string): Promise<Record<string, unknown>> {
  const rows = await db.$queryRawUnsafe<{ t: string; rows: unknown }[]>(await snapshotQuery(), userId);
  return Object.fromEntries(rows.map((r) => [r.t, r.rows]));
}
