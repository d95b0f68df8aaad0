import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/locale.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "./route.ts";

// What a page request gets while PostgreSQL cannot be reached (issue 31): 503 with Retry-After,
// like the API, and a small page of its own (no app shell: the shell needs the database) that says
// so in the visitor's language and loads the same address again by itself every few seconds (a
// meta refresh: no script, so nothing for the Content-Security-Policy to allow). Answered by
// proxy.ts before the page renders.

interface Texts {
  title: string;
  text: string;
  retry: string;
}

const texts = new Map<Locale, Texts>();

function textsFor(locale: Locale): Texts {
  let found = texts.get(locale);
  if (!found) {
    const catalogue = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", locale, "errors.json"), "utf8")) as { unavailable: Texts };
    found = catalogue.unavailable;
    texts.set(locale, found);
  }
  return found;
}

/** The visitor's language: the `lng` cookie, then the browser's languages (as lib/i18n/locale.ts). */
export function requestLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  const pick = (value: string | undefined) => LOCALES.find((l) => l === value?.trim().toLowerCase().split(/[-_;]/)[0]);
  return pick(cookie) ?? (acceptLanguage ?? "").split(",").map(pick).find(Boolean) ?? DEFAULT_LOCALE;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function unavailablePageHtml(locale: Locale): string {
  const t = textsFor(locale);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS}">
<meta name="robots" content="noindex">
<title>${escape(t.title)} · Cohost</title>
<style>
:root { color-scheme: light dark; --bg: #f9f7f7; --card: #ffffff; --text: #1b2430; --muted: #5b6675; --border: #e0e0e0; --link: #315580; }
@media (prefers-color-scheme: dark) { :root { --bg: #1a2230; --card: #121821; --text: #e8edf4; --muted: #a3adbb; --border: #2c3646; --link: #dbe2ef; } }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: var(--bg); color: var(--text); font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
main { box-sizing: border-box; max-width: 28rem; width: calc(100% - 2rem); background: var(--card); border: 1px solid var(--border); border-radius: 0.5rem; padding: 1.5rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; line-height: 1.5; color: var(--muted); }
a { color: var(--link); font-weight: 500; }
</style>
</head>
<body>
<main role="alert">
<h1>${escape(t.title)}</h1>
<p>${escape(t.text)}</p>
<a href="">${escape(t.retry)}</a>
</main>
</body>
</html>`;
}

/** The 503 answer for a page request while the database is down. */
export function unavailablePage(locale: Locale): Response {
  return new Response(unavailablePageHtml(locale), {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}
