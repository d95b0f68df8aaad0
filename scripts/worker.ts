// `npm run worker`: one bot worker (lib/bots). Takes meetings from the queue on DATABASE_URL and runs
// each agent as a bot in its own context of one shared Chromium. `npm start` runs one beside the web
// server (RUN_WORKER=0 turns that off); add more on other machines to scale out. SIGTERM: stop taking
// work, hand running meetings over to other workers, close the browser, exit.
import { keepBrowser, launchBotBrowser } from "../lib/bots/browser.ts";
import { meetingRunner } from "../lib/bots/run/meeting-run.ts";
import { within } from "../lib/bots/within.ts";
import { startWorker, type Worker } from "../lib/bots/worker.ts";
import { botSettings } from "../lib/config.ts";
import { errorText, log } from "../lib/log.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("✖ Set DATABASE_URL to the PostgreSQL database the web server uses.");
  process.exit(1);
}
if (!process.env.APP_ENCRYPTION_KEY) {
  console.error("✖ Set APP_ENCRYPTION_KEY to the web server's key: bots decrypt the agents' provider keys with it.");
  process.exit(1);
}

// A worker carries many meetings: one bad promise or one throwing callback must not end them all.
// A rejection nobody handled leaves no half-done work behind (the promise's own code ran to its
// throw), so it is logged and the worker goes on. An exception that reached the top of the event
// loop interrupted a callback halfway, which is safe to survive once in a while (each bot keeps its
// own state; the database keeps every invariant) but not as a storm: past EXCEPTION_LIMIT within a
// minute, the process is treated as broken and shuts down the way SIGTERM does — meetings are handed
// over, and `npm start` (or the process manager) starts a fresh worker.
const EXCEPTION_LIMIT = 10;
let recentExceptions: number[] = [];
process.on("unhandledRejection", (reason) => log({ event: "unhandled_rejection", level: "error", error: errorText(reason) }));
process.on("uncaughtException", (err) => {
  const now = Date.now();
  recentExceptions = [...recentExceptions.filter((t) => now - t < 60_000), now];
  log({ event: "uncaught_exception", level: "error", error: errorText(err), inLastMinute: recentExceptions.length });
  if (recentExceptions.length >= EXCEPTION_LIMIT) void shutdown(1);
});

const settings = botSettings();
let stopping = false;
const browser = keepBrowser(launchBotBrowser, (event, err) =>
  log(event === "disconnected" ? { event: "browser_disconnected", level: "warn" } : { event: "browser_launch_failed", level: "error", error: errorText(err) }),
);

try {
  await browser.get(); // warm: the first bot does not wait for Chromium to start
} catch (err) {
  console.error(`✖ Could not start Chromium for the bots: ${(err as Error).message}`);
  process.exit(1);
}
let worker: Worker | undefined;
try {
  worker = await startWorker({ databaseUrl, concurrency: settings.concurrency, run: meetingRunner(() => browser.get(), settings) });
} catch (err) {
  console.error(`✖ The bot worker could not start: ${(err as Error).message}`);
  await browser.close();
  process.exit(1);
}

// Every step of the shutdown is bounded (the worker's stop waits 12 s at most, Chromium's close 3 s),
// and so is the whole: with the database gone nothing may keep the process from exiting, well inside
// the 20 s `npm start` (or a process manager) gives it before SIGKILL. docs/deploy.md.
const SHUTDOWN_LIMIT_MS = 17_000;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    log({ event: "shutdown_overdue", level: "error", limitMs: SHUTDOWN_LIMIT_MS });
    process.exit(code);
  }, SHUTDOWN_LIMIT_MS).unref();
  await worker?.stop().catch((err) => log({ event: "worker_stop_error", level: "error", error: errorText(err) }));
  if (!(await within(browser.close(), 3000)).done) log({ event: "browser_close_overdue", level: "warn" });
  process.exit(code);
}
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGINT", () => void shutdown(0));
