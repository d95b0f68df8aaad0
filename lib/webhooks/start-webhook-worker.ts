import { log } from "../log.ts";
import { listenHub } from "../db/listen-hub.ts";
import { EVENTS_CHANNEL } from "../events/types.ts";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { attemptDelivery, type DeliveryJob } from "./attempt-delivery.ts";
import { relayEvents } from "./relay-events.ts";
import { userConcurrency } from "./delivery-order.ts";

// Webhooks in the jobs process (`npm run jobs`, never in a bot worker): the outbox relay, woken by
// NOTIFY and every few seconds, and the delivery jobs, WEBHOOK_CONCURRENCY at a time, at most
// WEBHOOK_USER_CONCURRENCY of one user (delivery-order.ts).

const RELAY_EVERY_MS = 5_000;

/** WEBHOOK_CONCURRENCY attempts at once in this process (default 16), each fetched on its own. */
function concurrency(): number {
  const n = Number(process.env.WEBHOOK_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : 16;
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

  // Every slot fetches and attempts one job at a time, so a slow receiver holds only its own slot
  // (a batch would wait for its slowest attempt). The user's group caps their attempts in flight in
  // this process (exactly: pg-boss skips full groups and puts back a race's excess; each jobs
  // process has its own cap), and the fetch takes the highest priority first (delivery-order.ts). A job
  // that fails (the database, not the receiver: a failed delivery is recorded and rescheduled by
  // attemptDelivery) is retried by pg-boss. A full fetch fetches again at once; an empty one waits
  // for NOTIFY or the polling interval.
  await boss.work<DeliveryJob>(
    QUEUES.webhookDelivery,
    {
      batchSize: 1,
      localConcurrency: concurrency(),
      localGroupConcurrency: Math.min(userConcurrency(), concurrency()),
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: 2,
    },
    async ([job]) => attemptDelivery(job.data),
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
