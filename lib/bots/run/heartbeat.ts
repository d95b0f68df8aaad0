import type { Logger } from "../../log.ts";
import type { RunState } from "../../meetings/bot-runs.ts";

/** After a failed heartbeat the next one comes this soon: after a database outage the bot is on the record again at once. */
const RETRY_MS = 1000;

export interface HeartbeatOptions {
  /** How often the bot says it is alive. */
  intervalMs: number;
  /** One heartbeat (lib/meetings/bot-runs.ts `heartbeat`): the meeting's state, or null when the run is no longer this worker's. */
  check(): Promise<RunState | null>;
  /** What a heartbeat answered (it brings manual activation). */
  onState(state: RunState): void;
  /** The run is no longer this worker's (stopped, restarted, failed by the sweep): the bot leaves. */
  onLost(): void;
  log: Logger;
  retryMs?: number;
}

/**
 * A bot's heartbeat, which is also how the API's stop, restart and activation reach it (`beat()` on a
 * poke). One heartbeat at a time: a beat asked for while one is under way comes right after it (the
 * one in flight may predate the change), however many were asked for. While the database is away a
 * failed beat is retried every second, not every interval, and the outage is logged once, when it
 * starts and when it is over.
 */
export class Heartbeat {
  private readonly opts: HeartbeatOptions;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failingSince: number | null = null;

  constructor(opts: HeartbeatOptions) {
    this.opts = opts;
  }

  /** Beats every interval from now (the first one an interval from now). */
  start(): void {
    this.timer = setInterval(() => void this.beat(), this.opts.intervalMs);
  }

  /** A beat now, or right after the one under way; resolves when the beat it joined is over. */
  beat(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.beating) {
      this.again = true;
      return this.beating;
    }
    this.beating = this.once().finally(() => {
      this.beating = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.beat();
      }
    });
    return this.beating;
  }

  /** No beat starts from now on (one under way finishes). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.retry);
  }

  private async once(): Promise<void> {
    clearTimeout(this.retry);
    try {
      const state = await this.opts.check();
      if (this.failingSince !== null) {
        this.opts.log("heartbeat_restored", { failedForMs: Math.round(performance.now() - this.failingSince) });
        this.failingSince = null;
      }
      if (state) this.opts.onState(state);
      else this.opts.onLost();
    } catch (err) {
      if (this.failingSince === null) {
        this.failingSince = performance.now();
        this.opts.log("heartbeat_error", { level: "warn", error: String(err) });
      }
      if (!this.stopped) this.retry = setTimeout(() => void this.beat(), this.opts.retryMs ?? RETRY_MS);
    }
  }
}
