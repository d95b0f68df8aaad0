import { log } from "../log.ts";
import { listenHub } from "../db/listen-hub.ts";
import { EVENTS_CHANNEL } from "../events/types.ts";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { attemptDelivery, type DeliveryJob } from "./attempt-delivery.ts";
import { relayEvents } from "./relay-events.ts";

// Webhooks in the jobs process (`npm run jobs`, never in a bot worker): the outbox relay, woken by
// NOTIFY and every few seconds, and the delivery jobs, WEBHOOK_CONCURRENCY at a time.

const RELAY_EVERY_MS = 5_000;

/** WEBHOOK_CONCURRENCY attempts at once (default 16): 4 fetch loops of batches of a quarter of it. */
function concurrency(): { loops: number; batch: number } {
  const n = Number(process.env.WEBHOOK_CONCURRENCY);
  const total = Number.isInteger(n) && n > 0 ? n : 16;
  const loops = Math.min(4, total);
  return { loops, batch: Math.max(1, Math.floor(total / loops)) };
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

export async function startWebhookWorker(opts: { databaseUrl: string }): Promise<WebhookWorker> {
  const boss = await startJobWorker(opts.databaseUrl, { listen: true });
  let stopped = false;

  // The relay runs once at a time; a wake-up during a run asks for one more.
  let running: Promise<void> | null = null;
  let again = false;
  const relay = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await relayEvents();
        } catch (err) {
          log({ event: "webhook_relay_error", level: "error", error: String(err) });
        }
      } while (again && !stopped);
    })().finally(() => (running = null));
  };
  const unsubscribe = await listenHub(EVENTS_CHANNEL, "webhooks").subscribe("*", relay);
  const timer = setInterval(relay, RELAY_EVERY_MS);
  relay();

  // Batches, attempted side by side, fetched back to back while the queue is full: one job per fetch
  // waits out the polling interval after every job. A job that fails (the database, not the
  // receiver: a failed delivery is recorded and rescheduled by attemptDelivery) is retried alone.
  const { loops, batch } = concurrency();
  await boss.work<DeliveryJob>(
    QUEUES.webhookDelivery,
    { batchSize: batch, localConcurrency: loops, burstWhenBatchFull: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, perJobResults: true },
    async (jobs) => {
      const results = await Promise.allSettled(jobs.map((job) => attemptDelivery(job.data)));
      return jobs.map((job, i) => ({ id: job.id, status: results[i].status === "fulfilled" ? ("completed" as const) : ("failed" as const) }));
    },
  );

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
      await boss.stop({ graceful: true, timeout: 15_000 }).catch(() => {});
    },
  };
}
