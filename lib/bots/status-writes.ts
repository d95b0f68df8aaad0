import type { Logger } from "../log.ts";
import { persist } from "./write-queue.ts";

/**
 * A bot's status writes (waiting room, admitted, the final status, the hand-over), one at a time in
 * the order things happened: a slow waiting-room write can never land after the admission (which the
 * table would refuse, leaving the bot to think it lost its meeting), nor the final status before
 * either. Each write is retried while the database is away, up to `giveUpAfterMs`.
 */
export class StatusWrites {
  private last: Promise<unknown> = Promise.resolve();
  private readonly log: Logger;
  private readonly giveUpAfterMs: number;

  constructor(log: Logger, giveUpAfterMs: number) {
    this.log = log;
    this.giveUpAfterMs = giveUpAfterMs;
  }

  write<T>(what: string, fn: () => Promise<T>): Promise<T> {
    const next = this.last.then(() => persist(fn, { what, log: this.log, giveUpAfterMs: this.giveUpAfterMs }));
    this.last = next.catch(() => {});
    return next;
  }
}
