import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { keepProviderOnly, providerForPlatform, type BotSessionProvider, type BotStorageState } from "../agents/bot-session-scope.ts";
import { CHROMIUM_FLAGS, findChromium } from "../browser/chromium.ts";

// How a bot's Chromium is launched (research/meeting-bots.md §11.2). The microphone is the audio
// bridge's track (lib/bots/bridge), so the fake capture device only has to exist for pages that list
// devices; media prompts are accepted without UI; audio plays without a user gesture. Nothing may
// tell a meeting client that a robot drives the browser: no automation switch or blink feature
// (navigator.webdriver stays false), a real Chrome user agent and client hints even when headless,
// and the languages a person's browser sends.
export const BOT_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--autoplay-policy=no-user-gesture-required",
  "--disable-blink-features=AutomationControlled",
  // Smaller caches and heaps in every renderer: ~25 MB (10 %) less PSS per bot in bench:voice at
  // the same CPU and latency: nobody looks at a bot's page, so nothing there needs to be fast to paint.
  "--enable-low-end-device-mode",
  // Nobody listens at a bot's speakers: the call's audio is read from its tracks, not its output.
  "--mute-audio",
  "--lang=en-US",
  "--accept-lang=en-US,en",
];

/** Playwright's default switches a bot must not have (the "controlled by automated software" switch). */
export const BOT_IGNORED_DEFAULT_ARGS = ["--enable-automation"];

/**
 * Options of every bot's browser context. The meeting page keeps its Content-Security-Policy: the
 * bridge loads no module or worker (it captures with a MediaStreamTrackProcessor) and talks to Node
 * through a CDP binding, which no CSP governs.
 */
export const BOT_CONTEXT_OPTIONS: BrowserContextOptions = {
  locale: "en-US",
  permissions: ["microphone"],
  viewport: { width: 1280, height: 720 },
};

/**
 * Where each platform's client asks for the microphone and camera: the meeting's own origin plus
 * the hosts its client moves to (Teams' light meetings, Zoom's web client). Granted up front, so the
 * Permissions API says "granted" and no client shows its "allow your mic and camera" gate.
 */
const CLIENT_ORIGINS: Record<string, string[]> = {
  meet: ["https://meet.google.com"],
  teams: ["https://teams.microsoft.com", "https://teams.live.com", "https://teams.cloud.microsoft"],
  zoom: ["https://app.zoom.us", "https://zoom.us", "https://app.zoomgov.com"],
};

/**
 * The worker's one Chromium (each bot gets its own context): CHROMIUM_PATH, an installed Chromium or
 * Chrome, else the bundled one. Headed when a display exists (Xvfb in production, which is what
 * meeting clients see from a person), else Chromium's headless mode with the disguise of
 * openBotPage().
 */
export async function launchBotBrowser(opts: { headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium().path,
    args: BOT_CHROMIUM_FLAGS,
    ignoreDefaultArgs: BOT_IGNORED_DEFAULT_ARGS,
    headless: opts.headless ?? !process.env.DISPLAY,
    // The worker closes the browser itself once its bots have left (SIGTERM hands meetings over first).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** The worker's one Chromium, launched on first use and shared by its bots. */
export interface SharedBrowser {
  /** The browser: the running one, or a new launch after it went away or after a failed launch. */
  get(): Promise<Browser>;
  /** Closes it (if one runs); nothing is launched afterwards. */
  close(): Promise<void>;
}

/**
 * Keeps one browser for the worker: relaunched when it disconnects (a crash), and launched again by
 * the next bot when a launch failed — a failure is never kept as the answer for good.
 */
export function keepBrowser(launch: () => Promise<Browser>, onEvent: (event: "disconnected" | "launch_failed", err?: unknown) => void = () => {}): SharedBrowser {
  let closing = false;
  let launched: Promise<Browser> | undefined;
  return {
    get() {
      if (closing) return Promise.reject(new Error("The worker's browser is closing"));
      launched ??= launch().then(
        (browser) => {
          browser.on("disconnected", () => {
            launched = undefined;
            if (!closing) onEvent("disconnected");
          });
          return browser;
        },
        (err: unknown) => {
          launched = undefined;
          onEvent("launch_failed", err);
          throw err;
        },
      );
      return launched;
    },
    async close() {
      closing = true;
      const browser = await launched?.catch(() => undefined);
      await browser?.close().catch(() => {});
    },
  };
}

/** A signed-in bot's browser session (decrypted in the worker only, lib/bots/run/bot-session.ts). */
export interface BotSession {
  provider: BotSessionProvider;
  state: BotStorageState;
}

/**
 * A context for one bot in one meeting, with microphone and camera granted to the meeting's client.
 * With a signed-in bot's session, the context starts with it — only for that provider's platform
 * (Google: Meet, Microsoft: Teams), and only the provider's own cookies and origins: a stored
 * secret goes only to its own origin.
 */
export async function newBotContext(browser: Browser, meeting: { platform: string; url: string }, opts: { extraOrigins?: string[]; session?: BotSession | null } = {}): Promise<BrowserContext> {
  const session = opts.session && providerForPlatform(meeting.platform) === opts.session.provider ? keepProviderOnly(opts.session.provider, opts.session.state) : undefined;
  const context = await browser.newContext({ ...BOT_CONTEXT_OPTIONS, ...(session ? { storageState: session } : {}) });
  const origins = new Set([new URL(meeting.url).origin, ...(CLIENT_ORIGINS[meeting.platform] ?? []), ...(opts.extraOrigins ?? [])]);
  for (const origin of origins) await context.grantPermissions(["microphone", "camera"], { origin });
  return context;
}

/**
 * A page that presents itself as the Chrome it is: headless Chromium names itself "HeadlessChrome"
 * in its user agent and client hints (a certain bot signal), so those are rewritten to what the
 * same build says with a window; the accepted languages become a browser's usual "en-US,en".
 * Call it before the bridge and before the page opens anything.
 */
export async function openBotPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const version = context.browser()?.version() ?? "";
  const major = version.split(".")[0] || "0";
  await cdp.send("Emulation.setUserAgentOverride", {
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    acceptLanguage: "en-US,en",
    platform: "Linux x86_64",
    userAgentMetadata: {
      brands: [
        { brand: "Chromium", version: major },
        { brand: "Not_A Brand", version: "8" },
      ],
      fullVersionList: [
        { brand: "Chromium", version },
        { brand: "Not_A Brand", version: "8.0.0.0" },
      ],
      platform: "Linux",
      platformVersion: "",
      architecture: "x86",
      bitness: "64",
      model: "",
      mobile: false,
    },
  });
  // The session stays open: Chromium keeps an override only while the session that set it lives.
  page.once("close", () => void cdp.detach().catch(() => {}));
  return page;
}
