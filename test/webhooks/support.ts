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
