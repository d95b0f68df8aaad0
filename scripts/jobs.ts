// `npm run jobs`: the jobs process, for background work that is not a meeting bot: calendar imports
// (uploads, subscriptions, refreshes), the scheduled calendar syncs, the daily retiring-model notices, the daily recording retention,
// auto-refill charges, receipts for top-ups, webhook deliveries (lib/webhooks) and meetings' summaries (lib/summaries). It runs beside the web server
// under `npm start` (RUN_JOBS=0 turns that off) and never inside a bot worker, whose event loop paces
// the bots' audio. Several may run against one database; SIGTERM finishes the imports under way
// (up to 30 s; an unfinished one is retried by pg-boss) and exits.
import { randomUUID } from "node:crypto";
import os from "node:os";
import { log } from "../lib/log.ts";
import { workRetirementJobs } from "../lib/agents/work-retirement-jobs.ts";
import { workRefillJobs } from "../lib/billing/refill-job.ts";
import { workReceiptJobs } from "../lib/billing/work-receipt-jobs.ts";
import { workCalendarJobs } from "../lib/calendar/work-calendar-jobs.ts";
import { workSummaryJobs } from "../lib/summaries/work-summary-jobs.ts";
import { workRecordingJobs } from "../lib/meetings/work-recording-jobs.ts";
import { startJobWorker } from "../lib/jobs/boss.ts";
import { startWebhookWorker } from "../lib/webhooks/start-webhook-worker.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("✖ Set DATABASE_URL to the PostgreSQL database the web server uses.");
  process.exit(1);
}

// One failed promise must not end the process and every import in it: it is logged and the rest go on.
process.on("unhandledRejection", (err) => log({ event: "unhandled_rejection", level: "error", error: String((err as Error)?.stack ?? err) }));

const processId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const boss = await startJobWorker(databaseUrl, { listen: true });
await workCalendarJobs(boss, processId);
await workRetirementJobs(boss, processId);
await workRefillJobs(boss, processId);
await workReceiptJobs(boss, processId);
await workSummaryJobs(boss, processId);
await workRecordingJobs(boss, processId);
const webhooks = await startWebhookWorker({ databaseUrl });
log({ event: "jobs_started", processId });

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all([boss.stop({ graceful: true, timeout: 30_000 }).catch(() => {}), webhooks.stop()]);
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
