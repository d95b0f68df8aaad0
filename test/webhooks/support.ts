import { startJobWorker } from "@/lib/jobs/boss";
import { workWebhookJobs } from "@/lib/webhooks/work-webhook-jobs";
import { POST as createWebhook } from "@/app/api/webhooks/route";
import { call } from "../http.ts";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `fn` answers something truthy; fails naming what it waited for. */
export async function waitFor<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

export async function createEndpoint(headers: Record<string, string>, url: string, events: string[]) {
  const res = await call(createWebhook, { headers, body: { url, events } });
  if (res.status !== 201) throw new Error(`Creating the endpoint failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.endpoint.id as string, secret: res.body.secret as string };
}

/** What the jobs process runs for webhooks (scripts/jobs.ts): relay and deliveries on their own pg-boss. */
export async function startWebhookJobs(): Promise<{ stop(): Promise<void> }> {
  const boss = await startJobWorker(process.env.DATABASE_URL!, { listen: true });
  const stopRelay = await workWebhookJobs(boss, "test");
  return {
    async stop() {
      await stopRelay();
      await boss.stop({ graceful: true, timeout: 15_000 });
    },
  };
}
