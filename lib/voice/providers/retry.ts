import { ProviderError } from "../types.ts";
import type { ProviderRef } from "./errors.ts";
import type { ProviderLogger } from "./log.ts";

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** First back-off; it doubles per try (with jitter) up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 4000 };

/** Only failures that can go away by themselves are worth another try. */
export function isRetryable(err: unknown): boolean {
  return err instanceof ProviderError && (err.kind === "transient" || err.kind === "unreachable");
}

export class AbortedError extends Error {
  constructor() {
    super("aborted");
    this.name = "AbortError";
  }
}

/**
 * Runs `fn` once when `signal` aborts; the returned function unhooks it. Streams unhook when they end,
 * so a signal that outlives many of them (a whole session) collects no listeners.
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  signal.addEventListener("abort", fn, { once: true });
  return () => signal.removeEventListener("abort", fn);
}

/** Resolves after `ms`, or rejects with AbortedError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  // Full jitter in the upper half: spreads reconnect storms without making the wait unpredictable.
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

/**
 * Runs `fn` until it succeeds, fails for good (invalid key, bad request) or runs out of tries; each
 * retry is logged. An abort stops waiting at once and rethrows AbortedError.
 */
export async function withRetry<T>(
  ref: ProviderRef,
  what: string,
  fn: (attempt: number) => Promise<T>,
  opts: { policy: RetryPolicy; log: ProviderLogger; signal?: AbortSignal },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    if (opts.signal?.aborted) throw new AbortedError();
    try {
      return await fn(attempt);
    } catch (err) {
      if (opts.signal?.aborted) throw new AbortedError();
      if (!isRetryable(err)) throw err;
      const status = (err as ProviderError).status;
      if (attempt >= opts.policy.attempts) {
        opts.log({ provider: ref.providerId, kind: ref.kind, event: `${what}_gave_up`, attempt, status, error: (err as Error).message });
        throw err;
      }
      const delayMs = backoffDelay(opts.policy, attempt);
      opts.log({ provider: ref.providerId, kind: ref.kind, event: `${what}_retry`, attempt, delayMs, status, error: (err as Error).message });
      await sleep(delayMs, opts.signal);
    }
  }
}
