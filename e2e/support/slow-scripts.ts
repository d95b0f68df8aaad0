import type { Page } from "@playwright/test";

/**
 * A slow connection: the page's scripts are held back, so the server-rendered page is there but not yet
 * alive (a person can already type and choose in it). Call the returned function to let them load.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const mayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await mayLoad;
    await route.continue();
  });
  return release;
}
