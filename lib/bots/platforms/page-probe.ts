import type { Page } from "playwright-core";

// One look at a meeting client's page: which of the known texts it shows and which of the known
// elements are visible, read in a single evaluate so a state is judged on one consistent snapshot.
// The adapters decide what the facts mean with pure functions (meet-page.ts, teams-page.ts,
// zoom-page.ts), which the unit tests check without a browser.

export interface ProbeSpec {
  /** Phrases per fact; matched case-insensitively in the page's visible text, with ’ read as '. */
  texts: Record<string, readonly string[]>;
  /** A CSS selector per fact; the fact holds when one matching element is visible. */
  selectors: Record<string, string>;
}

export interface Probe {
  texts: ReadonlySet<string>;
  selectors: ReadonlySet<string>;
  url: string;
  title: string;
}

/** Facts of an empty page (a navigation under way, a page that has not rendered anything yet). */
export const EMPTY_PROBE: Probe = { texts: new Set(), selectors: new Set(), url: "", title: "" };

/** Reads the facts; a page that is navigating (its context destroyed mid-read) has none yet. */
export async function probePage(page: Page, spec: ProbeSpec): Promise<Probe> {
  try {
    const found = await page.evaluate((s) => {
      const norm = (text: string) => text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\u2026/g, "...").replace(/\s+/g, " ");
      // innerText leaves out what is not rendered (display:none), so only what a person sees counts.
      const body = norm(document.body?.innerText ?? "");
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        const style = getComputedStyle(el);
        return style.visibility !== "hidden" && style.display !== "none";
      };
      const texts = Object.entries(s.texts)
        .filter(([, phrases]) => phrases.some((p) => body.includes(norm(p))))
        .map(([fact]) => fact);
      const selectors = Object.entries(s.selectors)
        .filter(([, selector]) => [...document.querySelectorAll(selector)].some(visible))
        .map(([fact]) => fact);
      return { texts, selectors, url: location.href, title: document.title };
    }, spec);
    return { texts: new Set(found.texts), selectors: new Set(found.selectors), url: found.url, title: found.title };
  } catch (err) {
    if (page.isClosed()) throw err;
    return EMPTY_PROBE;
  }
}

/** True when the probe saw any of the facts (texts or selectors). */
export function saw(probe: Probe, ...facts: string[]): boolean {
  return facts.some((f) => probe.texts.has(f) || probe.selectors.has(f));
}
