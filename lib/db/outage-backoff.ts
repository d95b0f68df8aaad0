// While the database is unreachable, a loop that keeps asking it (a poll, a reconnect) waits longer
// after each failure instead of hammering it: doubling from `firstMs` up to `maxMs`, each wait drawn
// between half and all of that (jitter, so many processes do not come back in step). A success
// starts over. docs/deploy.md "When the database is gone".

export interface OutageBackoff {
  /** One more failure: how long to wait before the next attempt. */
  failed(): number;
  /** The attempt worked: the next failure waits `firstMs` again. */
  succeeded(): void;
}

export function outageBackoff({ firstMs = 500, maxMs = 30_000 }: { firstMs?: number; maxMs?: number } = {}): OutageBackoff {
  let failures = 0;
  return {
    failed() {
      const ceiling = Math.min(maxMs, firstMs * 2 ** Math.min(failures, 30));
      failures++;
      return Math.round(ceiling * (0.5 + Math.random() * 0.5));
    },
    succeeded() {
      failures = 0;
    },
  };
}
