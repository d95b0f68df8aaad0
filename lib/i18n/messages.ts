import fs from "node:fs";
import path from "node:path";
import type { Locale } from "./locale.ts";

// Catalogues live in messages/<locale>/<namespace>.json, one file per area of the product, so each
// capability owns its own strings. They are merged into { namespace: { … } } once per process.
const MESSAGES_DIR = path.join(process.cwd(), "messages");
const cache = new Map<string, Record<string, unknown>>();

export function loadMessages(locale: Locale): Record<string, unknown> {
  const cached = cache.get(locale);
  if (cached && process.env.NODE_ENV === "production") return cached;
  const dir = path.join(MESSAGES_DIR, locale);
  const merged: Record<string, unknown> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    merged[file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  cache.set(locale, merged);
  return merged;
}
