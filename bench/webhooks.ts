// `npm run bench:webhooks`: 1,000 events fanned out to 10 endpoints of one user, delivered by the
// real webhook relay and delivery jobs (as the jobs process runs them) over HTTP to a local receiver
// that answers 200 at once. Measures deliveries per second from the first event to the last
// delivery, and each delivery's latency from its event's commit to its arrival (p50/p95/max).
// Prints JSON, with the machine's load (other processes share its cores). Aim: ≥ 200 deliveries/s on
// 2 cores. BENCH_EVENTS, BENCH_ENDPOINTS and WEBHOOK_CONCURRENCY change the set-up.
import { randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { benchDatabase, percentile } from "./lib/database.ts";
import { loadAverage } from "./lib/proc-stats.ts";

const EVENTS = Number(process.env.BENCH_EVENTS || 1000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS || 10);
process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "1"; // the receiver is on loopback
process.env.APP_ENCRYPTION_KEY ||= randomBytes(32).toString("base64"); // signing secrets are stored encrypted

const database = await benchDatabase();
const { db } = await import("../lib/db/client.ts");
const { recordEvent } = await import("../lib/events/record-event.ts");
const { createEndpoint } = await import("../lib/webhooks/create-endpoint.ts");
const { startWebhookWorker } = await import("../lib/webhooks/start-webhook-worker.ts");
const { jobSender } = await import("../lib/jobs/boss.ts");

const expected = EVENTS * ENDPOINTS;
const arrivals: { id: string; at: number }[] = [];
let resolveAll!: () => void;
const allArrived = new Promise<void>((r) => (resolveAll = r));
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    arrivals.push({ id: String(req.headers["webhook-id"]), at: Date.now() });
    res.writeHead(200).end();
    if (arrivals.length === expected) resolveAll();
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
const loadBefore = loadAverage();

try {
  const user = await db.user.create({ data: { email: `bench-${Date.now()}@example.test` } });
  for (let i = 0; i < ENDPOINTS; i++) await createEndpoint(user.id, { url: `${url}?endpoint=${i}`, events: ["billing.balance_low"] });
  const worker = await startWebhookWorker({ databaseUrl: database.url });

  const started = Date.now();
  // Events as the app writes them: one transaction each, 20 writers at a time.
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < EVENTS) {
        next++;
        await db.$transaction((tx) => recordEvent(tx, { userId: user.id, type: "billing.balance_low", data: { balanceUsd: 4.5, thresholdUsd: 5 } }));
      }
    }),
  );
  const written = Date.now();
  const timeout = setTimeout(() => resolveAll(), 300_000);
  await allArrived;
  clearTimeout(timeout);
  const finished = Date.now();
  await worker.stop();

  const created = new Map((await db.apiEvent.findMany({ where: { userId: user.id }, select: { id: true, createdAt: true } })).map((e) => [e.id, e.createdAt.getTime()]));
  const latencies = arrivals.map((a) => a.at - (created.get(a.id) ?? a.at)).sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  console.log(
    JSON.stringify({
      events: EVENTS,
      endpoints: ENDPOINTS,
      deliveries_expected: expected,
      deliveries_received: arrivals.length,
      distinct_webhook_ids: new Set(arrivals.map((a) => a.id)).size,
      concurrency: Number(process.env.WEBHOOK_CONCURRENCY || 16),
      events_written_s: (written - started) / 1000,
      seconds,
      deliveries_per_s: Math.round(arrivals.length / seconds),
      latency_ms: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0 },
      cores: os.cpus().length,
      load_average_before: loadBefore,
      load_average_after: loadAverage(),
    }),
  );
  await (await jobSender()).stop({ graceful: false });
  await db.$disconnect();
} finally {
  receiver.close();
  await database.stop();
}
