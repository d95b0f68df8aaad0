import type { Page } from "@playwright/test";

/** The audio level (0–100) a room page's meter shows for a participant. */
export async function level(page: Page, name: string): Promise<number> {
  return Number(await page.getByRole("meter", { name: `Audio level of ${name}` }).getAttribute("aria-valuenow"));
}

/** The highest level a participant reaches on a room page within `ms`. */
export async function peakLevel(page: Page, name: string, ms: number): Promise<number> {
  let peak = 0;
  for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100)) peak = Math.max(peak, await level(page, name));
  return peak;
}
