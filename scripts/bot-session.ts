// Makes a signed-in bot's session file (issue 27, docs/platforms.md "Signed-in bots"):
//
//   npm run bot:session -- google|microsoft [--out bot-session-google.json]
//
// Opens a browser window (it needs a display) at the provider's sign-in page. Sign in to the bot's
// own account there (never your own: the session opens the whole account), answer any two-step
// check, wait until you see the account's start page, then close the window. The browser's storage
// state (Playwright storageState), cut down to the provider's own cookies and origins, is written
// to the file, which you then choose in the agent's form under "Signed-in bot". Keep the file
// private and delete it once uploaded.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { BOT_SESSION_PROVIDERS, keepProviderOnly, type BotSessionProvider, type BotStorageState } from "../lib/agents/bot-session-scope.ts";
import { findChromium } from "../lib/browser/chromium.ts";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS, BOT_IGNORED_DEFAULT_ARGS } from "../lib/bots/browser.ts";

const SIGN_IN: Record<BotSessionProvider, string> = {
  google: "https://accounts.google.com/ServiceLogin?continue=https%3A%2F%2Fmeet.google.com%2F&hl=en",
  // Teams on the web sends a signed-out browser to login.microsoftonline.com and back.
  microsoft: "https://teams.microsoft.com/v2/",
};

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run bot:session -- google|microsoft [--out FILE]`);
  process.exit(2);
}

const { values: args, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { out: { type: "string" } } });
  } catch (err) {
    return usage((err as Error).message);
  }
})();
const provider = positionals[0] as BotSessionProvider;
if (!BOT_SESSION_PROVIDERS.includes(provider)) usage("Say whose account: google or microsoft.");
const out = args.out ?? `bot-session-${provider}.json`;

// The bot's own browser build and flags, so the session is made by the browser that will use it.
const browser = await chromium.launch({ executablePath: findChromium().path, args: BOT_CHROMIUM_FLAGS, ignoreDefaultArgs: BOT_IGNORED_DEFAULT_ARGS, headless: false });
const context = await browser.newContext({ ...BOT_CONTEXT_OPTIONS, viewport: null });
const page = await context.newPage();
await page.goto(SIGN_IN[provider]);
console.log(`Sign in to the bot's ${provider === "google" ? "Google" : "Microsoft"} account in the window, then close the window.`);
let state: BotStorageState = { cookies: [], origins: [] };
// The last state seen before the window closes (once it is closed, the context can no longer be read).
const keep = async () => {
  state = (await context.storageState().catch(() => state)) as BotStorageState;
};
const timer = setInterval(() => void keep(), 2_000);
await new Promise<void>((resolve) => page.once("close", () => resolve()));
clearInterval(timer);
await keep();
await browser.close().catch(() => {});
const kept = keepProviderOnly(provider, state);
if (kept.cookies.length === 0) {
  console.error("No sign-in cookies were saved: sign in before closing the window.");
  process.exit(1);
}
fs.writeFileSync(out, JSON.stringify(kept, null, 2), { mode: 0o600 });
console.log(`Saved ${kept.cookies.length} cookies to ${out}. Choose it in the agent's form under "Signed-in bot", then delete it.`);
