import fs from "node:fs";
import path from "node:path";
import compile from "icu-minify/compile";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locale";
import { loadMessages } from "@/lib/i18n/messages";

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

function messages(locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") out[key] = value;
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${key}.${k}`);
  };
  for (const f of fs.readdirSync(path.join(root, locale)).filter((f) => f.endsWith(".json"))) walk(JSON.parse(fs.readFileSync(path.join(root, locale, f), "utf8")), f.slice(0, -5));
  return out;
}

// Words that read the same in German (names, loanwords German uses). Anything else identical to
// the English text is an untranslated string.
const SAME_IN_GERMAN = new Set([
  "agents.platforms.zoom",
  "agents.platforms.teams",
  "agents.platforms.meet",
  "agents.list.providers",
  "agents.fields.name",
  "agents.languages.hi",
  "billing.spendDay",
  "billing.colAgent",
  "billing.colMeeting",
  "billing.colStatus",
  "common.productName",
  "cookie.table.name",
  "feedback.open",
  "feedback.counter",
  "shell.nav.meetings",
  "shell.nav.feedback",
  "shell.titles.meetings",
  "shell.themeSystem",
  "shell.footer.copyright",
  "calendar.nav.listRange",
  "calendar.connect.name.google",
  "calendar.connect.name.microsoft",
  "calendar.platforms.zoom",
  "calendar.platforms.teams",
  "calendar.platforms.meet",
  "calendar.event.agent",
  "calendar.event.meeting",
  "calendar.sources.agent",
  "calendar.sources.upload.failed",
  "calendar.sources.subscribe.name",
  "meetings.platforms.zoom",
  "meetings.platforms.teams",
  "meetings.platforms.meet",
  "meetings.actions.details",
  "meetings.list.label",
  "meetings.list.filterAgent",
  "meetings.list.filterStatus",
  "meetings.list.colMeeting",
  "meetings.list.colAgent",
  "meetings.list.colStatus",
  "meetings.send.agent",
  "meetings.details.agent",
  "meetings.details.ms",
  "meetings.titles.meet",
  "meetings.causes.provider",
  "rooms.agent",
  "developers.keys.name",
  "developers.hooks.title",
  "developers.log.latency",
  "developers.log.meeting",
  // "Chat" is German too.
  "agents.sections.chat",
  "rooms.chat.title",
]);

describe("message texts", () => {
  it("every message is valid ICU that next-intl's compiler accepts, and the compiled catalogue is plain JSON", () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(messages(locale))) expect(() => compile(text), `${locale}: ${key}`).not.toThrow();
      const compiled = loadMessages(locale);
      expect(JSON.parse(JSON.stringify(compiled))).toEqual(compiled);
    }
  });

  it("German translates every English text, except words German shares", () => {
    const en = messages("en");
    const de = messages("de");
    const untranslated = Object.keys(en).filter((key) => de[key] === en[key] && !SAME_IN_GERMAN.has(key));
    expect(untranslated).toEqual([]);
  });
});
