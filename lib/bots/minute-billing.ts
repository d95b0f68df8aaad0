import type { Logger } from "../log.ts";
import type { BillResult } from "../meetings/bot-runs.ts";

// One billing tick per started interval (a minute in production) of a bot's time in the call, from
// its admission. The tick a moment owes follows from the time since admission — not from a count of
// timer firings — so a tick that took longer than an interval (a slow database) or failed (the
// database was down) is made up at once when billing works again, and never billed twice (the
// meeting's tick number is the ledger key). Ticks are billed one at a time, in order.

export interface MinuteBillingOptions {
  intervalMs: number;
  /** The meeting's first tick number for this run (its billed ticks at admission). */
  firstTick: number;
  /** Bills one tick (lib/meetings/bot-runs.ts billMinute). */
  bill(tick: number): Promise<BillResult>;
  /** Billing decided the bot's time is over: the credit ran out, or the run no longer owns the call. */
  onEnd(reason: "out_of_credits" | "superseded"): void;
  /** A debit left the balance under the auto-refill threshold. */
  onRefillDue(): void;
  log: Logger;
  /** The clock (ms); tests move it by hand. */
  now?: () => number;
  /** After a failed tick, the next try comes this soon (not an interval later). */
  retryMs?: number;
}

export class MinuteBilling {
  private readonly opts: MinuteBillingOptions;
  private readonly now: () => number;
  private admittedAt = 0;
  /** The next meeting tick to bill. */
  private next: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = true;
  private failingSince: number | null = null;

  constructor(opts: MinuteBillingOptions) {
    this.opts = opts;
    this.now = opts.now ?? (() => performance.now());
    this.next = opts.firstTick;
  }

  /** Ticks billed by this run so far. */
  get billed(): number {
    return this.next - this.opts.firstTick;
  }

  /** Admission: the first tick is due now. */
  start(): void {
    this.admittedAt = this.now();
    this.stopped = false;
    this.kick();
  }

  /**
   * The bot's time is over: no tick starts from now on (one already under way finishes; the
   * database refuses it when the meeting was stopped first).
   */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * After stop(), for ends the bot decides itself (the run still owns the call): bills every tick
   * that started before `endedAt` and is still unbilled (the database was down), trying until
   * `deadline` (on the same clock). Resolves with the ticks still unbilled (0 when exact).
   */
  async settle(endedAt: number, deadline: number): Promise<number> {
    await this.running;
    const due = this.dueBefore(endedAt);
    while (this.next < due && this.now() < deadline) {
      try {
        const result = await this.opts.bill(this.next);
        if ("superseded" in result || !result.billed) break;
        this.next++;
      } catch (err) {
        this.opts.log("billing_error", { level: "warn", tick: this.next, error: String(err) });
        await new Promise((resolve) => setTimeout(resolve, Math.min(this.retryMs, Math.max(0, deadline - this.now()))));
      }
    }
    return Math.max(0, due - this.next);
  }

  private get retryMs(): number {
    return this.opts.retryMs ?? 1000;
  }

  /** The meeting tick one past the last one that started before `at`. */
  private dueBefore(at: number): number {
    const elapsed = at - this.admittedAt;
    return this.opts.firstTick + (elapsed < 0 ? 0 : Math.floor(elapsed / this.opts.intervalMs) + 1);
  }

  private kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.catchUp().finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const wait = this.failingSince !== null ? this.retryMs : this.admittedAt + this.billed * this.opts.intervalMs - this.now();
    this.timer = setTimeout(() => this.kick(), Math.max(0, wait));
  }

  /** Billing itself found the bot's time over: it stops, and says so once. */
  private over(reason: "out_of_credits" | "superseded"): void {
    this.stop();
    this.opts.onEnd(reason);
  }

  private async catchUp(): Promise<void> {
    while (!this.stopped && this.next < this.dueBefore(this.now())) {
      let result: BillResult;
      try {
        result = await this.opts.bill(this.next);
      } catch (err) {
        // Tried again soon; the tick stays owed, so none is lost.
        if (this.failingSince === null) this.opts.log("billing_error", { level: "warn", tick: this.next, error: String(err) });
        this.failingSince ??= this.now();
        return;
      }
      if (this.failingSince !== null) {
        this.opts.log("billing_restored", { tick: this.next, failedForMs: Math.round(this.now() - this.failingSince) });
        this.failingSince = null;
      }
      if ("superseded" in result) return this.over("superseded");
      if (result.billed) this.next++;
      if (result.refillDue) this.opts.onRefillDue();
      if (result.mustStop) return this.over("out_of_credits");
    }
  }
}
