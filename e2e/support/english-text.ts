// For the "no English on a German page" check: every English catalogue message that no German
// message reads the same, as a pattern over one rendered text ({placeholders} match short values;
// plural/select messages match any of their branches).
import fs from "node:fs";
import path from "node:path";

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(leaves);
  return [];
}

function catalogue(locale: string): string[] {
  const dir = path.resolve("messages", locale);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => leaves(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The texts a message can render as: "{n, plural, one {# day} other {# days}}" → ["# day", "# days"]. */
function branches(message: string): string[] {
  const complex = /^\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,([\s\S]*)\}$/.exec(message.trim());
  if (!complex) return [message];
  const out: string[] = [];
  const body = complex[2];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "{") continue;
    let depth = 0;
    let j = i;
    for (; j < body.length; j++) {
      if (body[j] === "{") depth++;
      if (body[j] === "}" && --depth === 0) break;
    }
    out.push(body.slice(i + 1, j));
    i = j;
  }
  return out;
}

// A placeholder stands for a short value (a price, a name, a date), so "{price} per {unit}" does not
// match a German sentence that merely contains "per".
function pattern(text: string): RegExp {
  const parts = text.split(/(\{[^{}]*\}|#)/).map((p) => (p.startsWith("{") || p === "#" ? ".{1,40}?" : escape(p)));
  return new RegExp(`^${parts.join("")}$`);
}

/** Patterns of English-only catalogue text (at least one letter, not also German). */
export function englishOnlyPatterns(): { message: string; pattern: RegExp }[] {
  const german = new Set(catalogue("de").flatMap(branches).map((s) => s.trim()));
  return catalogue("en")
    .flatMap(branches)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]{2}/.test(s.replace(/\{[^{}]*\}/g, "")) && !german.has(s))
    .map((message) => ({ message, pattern: pattern(message) }));
}
