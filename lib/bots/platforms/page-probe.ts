import type { Frame, Page } from "playwright-core";

// One look at a meeting client's page: which of the known texts it shows and which of the known
// elements are visible, read in a single evaluate per frame so a state is judged on one consistent
// snapshot. The adapters decide what the facts mean with pure functions (meet-page.ts,
// teams-page.ts, zoom-page.ts), which the unit tests check without a browser.

export interface ProbeSpec {
  /** Phrases per fact; matched case-insensitively in the page's visible text, with ’ read as '. */
  texts: Record<string, readonly string[]>;
  /** A CSS selector per fact; the fact holds when one matching element is visible. */
  selectors: Record<string, string>;
  /**
   * Read every frame of the page, not only the main one: Teams shows parts of its join (the
   * "Continue without audio or video" modal) inside the light-meetings iframe at times (Vexa #283,
   * Meeting BaaS #335). A fact holds when any frame shows it.
   */
  allFrames?: boolean;
}

export interface Probe {
  texts: ReadonlySet<string>;
  selectors: ReadonlySet<string>;
  url: string;
  title: string;
}

/** Facts of an empty page (a navigation under way, a page that has not rendered anything yet). */
export const EMPTY_PROBE: Probe = { texts: new Set(), selectors: new Set(), url: "", title: "" };

type FrameFacts = { texts: string[]; selectors: string[]; url: string; title: string };

/** One frame's facts; a frame that is navigating or gone (its context destroyed mid-read) has none. */
async function frameFacts(frame: Frame, spec: ProbeSpec): Promise<FrameFacts | null> {
  try {
    return await frame.evaluate((s) => {
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
    }, { texts: spec.texts, selectors: spec.selectors });
  } catch {
    return null;
  }
}

/** Reads the facts; a page that is navigating has none yet. `observe` sees each look (bot:smoke). */
export async function probePage(page: Page, spec: ProbeSpec, observe?: (probe: Probe) => void): Promise<Probe> {
  const probe = await readProbe(page, spec);
  observe?.(probe);
  return probe;
}

async function readProbe(page: Page, spec: ProbeSpec): Promise<Probe> {
  const main = page.mainFrame();
  const frames = spec.allFrames ? page.frames() : [main];
  const found = await Promise.all(frames.map((f) => frameFacts(f, spec)));
  if (page.isClosed()) throw new Error("the bot's page is closed");
  const top = found[frames.indexOf(main)];
  if (!top) return EMPTY_PROBE;
  const texts = new Set<string>();
  const selectors = new Set<string>();
  for (const facts of found) {
    for (const t of facts?.texts ?? []) texts.add(t);
    for (const s of facts?.selectors ?? []) selectors.add(s);
  }
  return { texts, selectors, url: top.url, title: top.title };
}

/** True when the probe saw any of the facts (texts or selectors). */
export function saw(probe: Probe, ...facts: string[]): boolean {
  return facts.some((f) => probe.texts.has(f) || probe.selectors.has(f));
}
