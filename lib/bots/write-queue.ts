import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { Logger } from "../log.ts";
import { pause } from "./within.ts";

// What a bot writes about its meeting must survive a database restart: a write that fails because
// PostgreSQL cannot be reached is tried again with back-off — never dropped — until it lands or its
// deadline passes. Any other failure (a constraint, a bug) would fail again the same way: it is
// logged and given up after a couple of tries.

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
const OTHER_FAILURE_TRIES = 3;

export interface PersistOptions {
  what: string;
  log: Logger;
  /** Give up after this long (ms) of failures. */
  giveUpAfterMs: number;
  /** Stops waiting between tries (the caller no longer needs the write). */
  signal?: AbortSignal;
}

/** Runs `write` until it succeeds; rejects with the last error once it gives up. */
export async function persist<T>(write: () => Promise<T>, opts: PersistOptions): Promise<T> {
  const started = performance.now();
  let delay = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await write();
      if (attempt > 1) opts.log("write_restored", { what: opts.what, attempts: attempt, failedForMs: Math.round(performance.now() - started) });
      return result;
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err);
      const giveUp = (!unavailable && attempt >= OTHER_FAILURE_TRIES) || performance.now() - started + delay > opts.giveUpAfterMs || opts.signal?.aborted;
      if (attempt === 1 || giveUp) {
        opts.log(giveUp ? "write_failed" : "write_retrying", { level: giveUp ? "error" : "warn", what: opts.what, attempt, unavailable, error: String(err) });
      }
      if (giveUp) throw err;
      await pause(delay, opts.signal);
      delay = Math.min(MAX_RETRY_MS, delay * 2);
    }
  }
}

/**
 * A bot's session output (transcript lines, provider usage, turn metrics, the roster), written in
 * order, one at a time, off the audio path, each one persisted. While the database is down the
 * writes wait in memory, in order; past `maxPending` the oldest are dropped (and counted in the log)
 * rather than let a long outage grow the worker without bound.
 */
export class WriteQueue {
  private readonly log: Logger;
  private readonly giveUpAfterMs: number;
  private readonly maxPending: number;
  private readonly pending: { what: string; write: () => Promise<unknown> }[] = [];
  private draining: Promise<void> | null = null;
  private dropped = 0;
  private readonly closed = new AbortController();

  constructor(opts: { log: Logger; giveUpAfterMs: number; maxPending?: number }) {
    this.log = opts.log;
    this.giveUpAfterMs = opts.giveUpAfterMs;
    this.maxPending = opts.maxPending ?? 5000;
  }

  push(what: string, write: () => Promise<unknown>): void {
    if (this.closed.signal.aborted) return;
    if (this.pending.length >= this.maxPending) {
      const lost = this.pending.shift()!;
      if (this.dropped++ === 0) this.log("writes_dropped", { level: "error", what: lost.what, maxPending: this.maxPending });
    }
    this.pending.push({ what, write });
    this.draining ??= this.drain().finally(() => (this.draining = null));
  }

  /**
   * The bot is leaving: waits until every write pushed so far has landed or been given up, at most
   * `timeoutMs`; then stops trying, so nothing of the bot outlives it. True when all landed in time.
   */
  async close(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const done = this.draining ? await Promise.race([this.draining.then(() => true), timedOut]) : true;
    clearTimeout(timer);
    this.closed.abort();
    if (!done) this.log("writes_unflushed", { level: "error", pending: this.pending.length + 1 });
    return done;
  }

  private async drain(): Promise<void> {
    for (let next = this.pending.shift(); next && !this.closed.signal.aborted; next = this.pending.shift()) {
      await persist(next.write, { what: next.what, log: this.log, giveUpAfterMs: this.giveUpAfterMs, signal: this.closed.signal }).catch(() => {});
    }
  }
}
