// `npm run worker`: one bot worker (lib/bots). Takes meetings from the queue on DATABASE_URL and runs
// each agent as a bot in its own context of one shared Chromium. `npm start` runs one beside the web
// server (RUN_WORKER=0 turns that off); add more on other machines to scale out. SIGTERM: stop taking
// work, hand running meetings over to other workers, close the browser, exit.
import type { Browser } from "playwright-core";
import { launchBotBrowser } from "../lib/bots/browser.ts";
import { log } from "../lib/bots/log.ts";
import { meetingRunner } from "../lib/bots/run-meeting.ts";
import { startWorker } from "../lib/bots/worker.ts";
import { botSettings } from "../lib/config.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("✖ Set DATABASE_URL to the PostgreSQL database the web server uses.");
  process.exit(1);
}
if (!process.env.APP_ENCRYPTION_KEY) {
  console.error("✖ Set APP_ENCRYPTION_KEY to the web server's key: bots decrypt the agents' provider keys with it.");
  process.exit(1);
}

const settings = botSettings();
let stopping = false;
let launched: Promise<Browser> | undefined;
/** The worker's Chromium, relaunched if it ever goes away. */
const browser = (): Promise<Browser> => {
  launched ??= launchBotBrowser().then((b) => {
    b.on("disconnected", () => {
      launched = undefined;
      if (!stopping) log({ event: "browser_disconnected", level: "warn" });
    });
    return b;
  });
  return launched;
};

try {
  await browser(); // warm: the first bot does not wait for Chromium to start
} catch (err) {
  console.error(`✖ Could not start Chromium for the bots: ${(err as Error).message}`);
  process.exit(1);
}
const worker = await startWorker({ databaseUrl, concurrency: settings.concurrency, run: meetingRunner(browser, settings) });

const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await (await launched?.catch(() => undefined))?.close().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
