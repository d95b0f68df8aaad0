import { ProviderError } from "../types.ts";
import type { ProviderRef } from "./errors.ts";
import { send } from "./http.ts";
import type { AdapterOptions } from "./options.ts";
import { withRetry } from "./retry.ts";

/**
 * Opens the keep-alive connection a later request will reuse (TLS set up before the first turn) with
 * the provider's cheapest authenticated GET, which also checks the key: a refused key rejects with
 * invalid_key. A 404/405 counts as success (some OpenAI-compatible servers have no model list).
 */
export async function prewarmHttp(ref: ProviderRef, call: { url: URL; headers: Record<string, string>; guarded: boolean }, options: AdapterOptions, signal?: AbortSignal): Promise<void> {
  await withRetry(
    ref,
    "prewarm",
    async () => {
      try {
        const res = await send(ref, { method: "GET", ...call, timeoutMs: options.connectTimeoutMs, signal });
        // Read to the end: only then is the socket back in the pool for the first real request.
        await new Promise<void>((resolve) => {
          res.once("end", resolve);
          res.once("close", resolve);
          res.resume();
        });
      } catch (err) {
        if (err instanceof ProviderError && (err.status === 404 || err.status === 405)) return;
        throw err;
      }
    },
    { policy: options.retry, log: options.log, signal },
  );
}
