import type { Prisma } from "../../generated/prisma/client.ts";
import type { Logger } from "../../log.ts";
import { Releases } from "./releases.ts";

/** Why the bot's time in the meeting ended. */
export type End =
  | { kind: "superseded" } // stopped, cancelled or restarted through the API, or failed by the sweep: the API has written the status
  | { kind: "shutdown" } // the worker is stopping: hand the meeting over
  | { kind: "completed" | "failed" | "cancelled"; reason: string; data?: Prisma.InputJsonValue };

/**
 * The end of the bot's time in the meeting, decided once: the first reason given wins and later ones
 * are ignored (the heartbeat, billing, the platform and the leave rules may all find the time over
 * at about the same moment). The moment it is decided, everything handed to `atEnd` is released —
 * billing and every in-call timer — and `signal` aborts a join in progress; the teardown then waits
 * for `decided`.
 */
export class RunEnd {
  /** The end, once decided. */
  result: End | null = null;
  /** When it was decided (on `now`'s clock): billing settles up to here. */
  at = 0;
  readonly decided: Promise<End>;
  private resolve!: (end: End) => void;
  private readonly untilEnd: Releases;
  private readonly stop = new AbortController();
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(log: Logger, now: () => number = () => performance.now()) {
    this.log = log;
    this.now = now;
    this.untilEnd = new Releases(log);
    this.decided = new Promise<End>((resolve) => (this.resolve = resolve));
  }

  get over(): boolean {
    return this.result !== null;
  }

  /** Aborted the moment the bot's time ends (a join in progress stops). */
  get signal(): AbortSignal {
    return this.stop.signal;
  }

  /** Releases `fn` when the bot's time ends — at once if it already has. */
  atEnd(fn: () => unknown): void {
    if (this.result) fn();
    else this.untilEnd.add(fn);
  }

  end(e: End): void {
    if (this.result) return;
    this.result = e;
    this.at = this.now();
    this.untilEnd.releaseAll();
    this.stop.abort();
    this.log("bot_ending", { end: e.kind, reason: "reason" in e ? e.reason : undefined });
    this.resolve(e);
  }
}
