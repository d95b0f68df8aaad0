import type { Participant } from "../platforms/types.ts";

/** A rule by which the bot leaves on its own; each is the meeting's statusReason (`completed/<rule>`). */
export type LeaveRule = "alone" | "max_duration";

export interface LeaveRulesOptions {
  /** Alone this long after others were there: `alone`. */
  aloneTimeoutMs: number;
  /** In the call this long: `max_duration`. */
  maxDurationMs: number;
  /** A rule fired: the bot's time ends, naming the rule (its end stops billing and these timers). */
  leave(rule: LeaveRule): void;
}

/**
 * Every rule by which the bot leaves a meeting on its own, in one place, each with its own timer:
 * alone for a while after others were there, and the maximum duration from admission. (A test room
 * has its own empty-room rules in the room adapter.) The first rule to fire ends the bot's time; the
 * run calls `stop()` at that end, whatever ended it, and no rule fires or arms after it.
 */
export class LeaveRules {
  private readonly opts: LeaveRulesOptions;
  private othersSeen = false;
  private alone: NodeJS.Timeout | undefined;
  private maxDuration: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(opts: LeaveRulesOptions) {
    this.opts = opts;
  }

  /** Who is in the call now (the bot itself included). */
  roster(participants: Participant[]): void {
    const others = participants.filter((p) => !p.isSelf).length;
    if (others > 0) {
      this.othersSeen = true;
      clearTimeout(this.alone);
      this.alone = undefined;
    } else if (this.othersSeen && !this.alone && !this.stopped) {
      this.alone = setTimeout(() => this.fire("alone"), this.opts.aloneTimeoutMs);
    }
  }

  /** The bot is in the call: the maximum duration counts from now. */
  admitted(): void {
    if (this.stopped) return;
    this.maxDuration = setTimeout(() => this.fire("max_duration"), this.opts.maxDurationMs);
  }

  /** The bot's time is over: every timer goes. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.alone);
    clearTimeout(this.maxDuration);
  }

  private fire(rule: LeaveRule): void {
    if (this.stopped) return;
    this.opts.leave(rule);
  }
}
