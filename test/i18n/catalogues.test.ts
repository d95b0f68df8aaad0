import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locale";

// Every key in one locale's catalogue must exist in every other locale's, in every namespace.
const root = path.resolve(import.meta.dirname, "../../messages");

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function catalogue(locale: string): Record<string, string[]> {
  const dir = path.join(root, locale);
  return Object.fromEntries(
    fs.readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => [f, keys(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).sort()]),
  );
}

describe("message catalogues", () => {
  const all = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l)]));

  it("every locale has the same namespaces", () => {
    for (const locale of LOCALES) expect(Object.keys(all[locale]).sort(), locale).toEqual(Object.keys(all.en).sort());
  });

  it("every namespace has the same keys in every locale, and no empty strings", () => {
    for (const locale of LOCALES) {
      for (const [ns, nsKeys] of Object.entries(all.en)) {
        expect(all[locale][ns], `${locale}/${ns}`).toEqual(nsKeys);
        const values = JSON.stringify(JSON.parse(fs.readFileSync(path.join(root, locale, ns), "utf8")));
        expect(values, `${locale}/${ns} has an empty message`).not.toMatch(/:""/);
      }
    }
  });
});
