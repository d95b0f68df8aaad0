import { log } from "../bots/log.ts";
import { listenHub } from "../db/listen-hub.ts";
import { EVENTS_CHANNEL } from "../events/types.ts";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { attemptDelivery, type DeliveryJob } from "./attempt-delivery.ts";
import { relayEvents } from "./relay-events.ts";

// Webhooks in the jobs process (`npm run jobs`, never in a bot worker): the outbox relay, woken by
// NOTIFY and every few seconds, and the delivery jobs, WEBHOOK_CONCURRENCY at a time.

const RELAY_EVERY_MS = 5_000;

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

  await boss.work<DeliveryJob>(
    QUEUES.webhookDelivery,
    { batchSize: 1, localConcurrency: concurrency(), pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
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
