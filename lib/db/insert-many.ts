import { randomBytes } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";

// Many rows into one table in one statement whose size does not grow with the rows:
// INSERT … SELECT FROM unnest($1::type[], $2::type[], …) RETURNING *, one array parameter per column.
// Prisma's createMany/createManyAndReturn send one bind parameter per value (14,000 for a thousand
// calendar events) and its query compiler and result mapping cost whole seconds of CPU for a
// calendar's first import (docs/calendars.md, "Where imports run"); this costs a tenth of that.
// What Prisma's client adds on create is added here: a cuid-shaped `id` when the table's id has no
// database default, and `updatedAt` (@updatedAt) set to now. Columns the rows leave out keep their
// database defaults; every row must give the same columns.

interface Column {
  name: string;
  /** PostgreSQL's name of the type (udt_name): text, int4, timestamptz, bool, jsonb, an enum's name. */
  type: string;
  hasDefault: boolean;
}

const columnsOf = new Map<string, Promise<Column[]>>();

async function tableColumns(tx: Prisma.TransactionClient, table: string): Promise<Column[]> {
  let known = columnsOf.get(table);
  if (!known) {
    known = tx.$queryRaw<{ name: string; type: string; has_default: boolean }[]>`
      SELECT column_name AS name, udt_name AS type, column_default IS NOT NULL AS has_default
      FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.then((rows) => rows.map((r) => ({ name: r.name, type: r.type, hasDefault: r.has_default })));
    columnsOf.set(table, known);
    known.catch(() => columnsOf.delete(table));
  }
  const columns = await known;
  if (columns.length === 0) throw new Error(`No table ${table}`);
  return columns;
}

let counter = 0;
const fingerprint = randomBytes(2).toString("hex");
/** An id of the shape Prisma's cuid() gives (c + time + counter + fingerprint + random), in time order. */
export function newId(): string {
  counter = (counter + 1) % 36 ** 4;
  return `c${Date.now().toString(36).padStart(8, "0")}${counter.toString(36).padStart(4, "0")}${fingerprint}${randomBytes(5).toString("hex").slice(0, 8)}`;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Inserts `rows` into `table` (its name in the database) and returns the rows written, as the database has them. */
export async function insertMany<T = Record<string, unknown>>(tx: Prisma.TransactionClient, table: string, rows: Record<string, unknown>[]): Promise<T[]> {
  if (rows.length === 0) return [];
  const columns = new Map((await tableColumns(tx, table)).map((c) => [c.name, c]));
  const given = Object.keys(rows[0]);
  for (const name of given) if (!columns.has(name)) throw new Error(`${table} has no column ${name}`);
  const names = [...given];
  const values: unknown[][] = given.map((name) => rows.map((r) => {
    if (!(name in r) || r[name] === undefined) throw new Error(`Every row must give ${table}.${name}`);
    return r[name];
  }));
  const id = columns.get("id");
  if (id && !id.hasDefault && !given.includes("id")) {
    names.push("id");
    values.push(rows.map(() => newId()));
  }
  const stampUpdated = columns.has("updatedAt") && !given.includes("updatedAt");
  const types = names.map((n) => columns.get(n)!.type);
  const arrays = values.map((v, k) => (types[k] === "json" || types[k] === "jsonb" ? v.map((x) => (x === null ? null : JSON.stringify(x))) : v));
  const sql = `INSERT INTO ${quote(table)} (${[...names, ...(stampUpdated ? ["updatedAt"] : [])].map(quote).join(", ")})
    SELECT ${names.map((_, k) => `c${k}`).join(", ")}${stampUpdated ? ", now()" : ""}
    FROM unnest(${types.map((t, k) => `$${k + 1}::${quote(t)}[]`).join(", ")}) AS t(${names.map((_, k) => `c${k}`).join(", ")})
    RETURNING *`;
  return tx.$queryRawUnsafe<T[]>(sql, ...arrays);
}
