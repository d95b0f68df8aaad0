import fs from "node:fs";
import path from "node:path";
import compile from "icu-minify/compile";
import type { Locale } from "./locale.ts";

// Catalogues live in messages/<locale>/<namespace>.json, one file per area of the product, so each
// capability owns its own strings. They are merged into { namespace: { … } } once per process.
//
// Messages are compiled ahead of use (icu-minify, next-intl's own compiler): next.config.ts points
// next-intl's formatter at its format-only runtime, so browsers never download an ICU parser.
const MESSAGES_DIR = path.join(process.cwd(), "messages");
const cache = new Map<string, Record<string, unknown>>();

/** The catalogue as written: every namespace file of one locale. */
function readCatalogue(locale: Locale): Record<string, unknown> {
  const dir = path.join(MESSAGES_DIR, locale);
  const merged: Record<string, unknown> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    merged[file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  return merged;
}

function compileTree(value: unknown): unknown {
  if (typeof value === "string") return compile(value);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compileTree(v)]));
  return value;
}

export function loadMessages(locale: Locale): Record<string, unknown> {
  const cached = cache.get(locale);
  if (cached && process.env.NODE_ENV === "production") return cached;
  // The compiler builds plural/select branches on null-prototype objects; React only passes plain
  // objects from the server to client components, so they are made plain once here.
  const compiled = JSON.parse(JSON.stringify(compileTree(readCatalogue(locale)))) as Record<string, unknown>;
  cache.set(locale, compiled);
  return compiled;
}
