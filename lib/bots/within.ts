/**
 * Waits for `promise` for at most `ms`: `{ done: true, value }`, or `{ done: false }` when time ran out
 * (the promise carries on, unwatched: its rejection is swallowed). A rejection within the time is
 * passed on. The timer never outlives the wait, so a bounded step leaves nothing behind.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ done: false }>((resolve) => (timer = setTimeout(() => resolve({ done: false }), ms)));
  promise.catch(() => {});
  try {
    return await Promise.race([promise.then((value) => ({ done: true as const, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits `ms`, or less when the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
