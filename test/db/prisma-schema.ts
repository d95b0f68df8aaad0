import fs from "node:fs";
import path from "node:path";

// A small reader for our own schema.prisma: models, scalar/enum fields, optionality, lists, native
// types, defaults, ids, uniques and indexes. Enough to compare the schema with a migrated database.
export interface FieldDef {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  relation: boolean;
  nativeType?: string;
  attributes: string;
}
export interface ModelDef {
  name: string;
  fields: FieldDef[];
  blockAttributes: string[];
}
export interface SchemaDef {
  models: ModelDef[];
  enums: Map<string, string[]>;
}

export function readSchema(file = path.resolve(import.meta.dirname, "../../prisma/schema.prisma")): SchemaDef {
  const text = fs.readFileSync(file, "utf8").replace(/\/\/.*$/gm, "");
  const enums = new Map<string, string[]>();
  for (const m of text.matchAll(/enum\s+(\w+)\s*\{([^}]*)\}/g)) {
    enums.set(m[1], m[2].split(/\s+/).filter(Boolean));
  }
  const modelNames = new Set([...text.matchAll(/model\s+(\w+)\s*\{/g)].map((m) => m[1]));
  const models: ModelDef[] = [];
  // A block ends at a line holding only "}" (defaults such as @default("{}") contain braces).
  for (const m of text.matchAll(/^model\s+(\w+)\s*\{\n([\s\S]*?)^\}/gm)) {
    const fields: FieldDef[] = [];
    const blockAttributes: string[] = [];
    for (const raw of m[2].split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith("@@")) {
        blockAttributes.push(line);
        continue;
      }
      const fm = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!fm) continue;
      const [, name, type, list, optional, attributes] = fm;
      fields.push({
        name,
        type,
        list: Boolean(list),
        optional: Boolean(optional),
        relation: modelNames.has(type),
        nativeType: /@db\.(\w+(\(\d+\))?)/.exec(attributes)?.[1],
        attributes,
      });
    }
    models.push({ name: m[1], fields, blockAttributes });
  }
  return { models, enums };
}

/** The PostgreSQL type Prisma's migrate would create for a field. */
export function expectedColumnType(field: FieldDef, enums: Map<string, string[]>): { dataType: string; udt: string } {
  if (field.list) {
    if (field.type !== "String") throw new Error(`unsupported list type ${field.type}`);
    return { dataType: "ARRAY", udt: "_text" };
  }
  if (enums.has(field.type)) return { dataType: "USER-DEFINED", udt: field.type };
  if (field.type === "DateTime") {
    return field.nativeType?.startsWith("Timestamptz")
      ? { dataType: "timestamp with time zone", udt: "timestamptz" }
      : { dataType: "timestamp without time zone", udt: "timestamp" };
  }
  const map: Record<string, { dataType: string; udt: string }> = {
    String: { dataType: "text", udt: "text" },
    Int: { dataType: "integer", udt: "int4" },
    BigInt: { dataType: "bigint", udt: "int8" },
    Boolean: { dataType: "boolean", udt: "bool" },
    Json: { dataType: "jsonb", udt: "jsonb" },
    Float: { dataType: "double precision", udt: "float8" },
  };
  const t = map[field.type];
  if (!t) throw new Error(`unsupported field type ${field.type}`);
  return t;
}

/** Index names Prisma derives from @unique / @@unique / @@index / @@id. */
export function expectedIndexes(model: ModelDef): { name: string; unique: boolean }[] {
  const out: { name: string; unique: boolean }[] = [];
  const idField = model.fields.find((f) => /@id\b/.test(f.attributes));
  const compoundId = model.blockAttributes.find((a) => a.startsWith("@@id"));
  if (idField || compoundId) out.push({ name: `${model.name}_pkey`, unique: true });
  for (const f of model.fields) {
    if (/@unique\b/.test(f.attributes)) out.push({ name: `${model.name}_${f.name}_key`, unique: true });
  }
  for (const a of model.blockAttributes) {
    const m = /^@@(unique|index)\(\[([^\]]*)\]/.exec(a);
    if (!m) continue;
    const cols = m[2].split(",").map((c) => c.trim());
    out.push({ name: `${model.name}_${cols.join("_")}_${m[1] === "unique" ? "key" : "idx"}`, unique: m[1] === "unique" });
  }
  return out;
}
