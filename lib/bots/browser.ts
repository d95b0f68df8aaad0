import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";
import { CHROMIUM_FLAGS, findChromium } from "../browser/chromium.ts";

// How a bot's Chromium is launched (research/meeting-bots.md §11.2). The microphone is the audio
// bridge's track (lib/bots/bridge), so the fake capture device only has to exist for pages that list
// devices; media prompts are accepted without UI; audio plays without a user gesture.
export const BOT_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
  "--disable-blink-features=AutomationControlled",
  "--lang=en-US",
];

/**
 * Options of every bot's browser context. bypassCSP lets the bridge load its AudioWorklet (a blob:
 * module) on meeting pages whose Content-Security-Policy would refuse it; the bridge's transport to
 * Node (a CDP binding) is not subject to CSP either way.
 */
export const BOT_CONTEXT_OPTIONS: BrowserContextOptions = {
  bypassCSP: true,
  locale: "en-US",
  permissions: ["microphone"],
  viewport: { width: 1280, height: 720 },
};

/**
 * The worker's one Chromium (each bot gets its own context): CHROMIUM_PATH, an installed Chromium or
 * Chrome, else the bundled one. Playwright's --enable-automation is left out, so pages do not see an
 * automated browser (no "controlled by automated software" signals).
 */
export async function launchBotBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium().path,
    args: BOT_CHROMIUM_FLAGS,
    headless: true,
    ignoreDefaultArgs: ["--enable-automation"],
    // The worker closes the browser itself once its bots have left (SIGTERM hands meetings over first).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
