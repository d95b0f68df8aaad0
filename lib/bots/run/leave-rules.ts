import type { Participant } from "../platforms/types.ts";
import { peopleFilter } from "./people.ts";
import type { End } from "./run-end.ts";

/** A rule by which the bot leaves on its own; each is the meeting's statusReason (`completed/<rule>`). */
export type LeaveRule = "nobody_joined" | "alone" | "silence" | "max_duration";

/** The limits the rules apply (the agent's leaving rules, lib/bots/run/leave-limits.ts). */
export interface LeaveLimits {
  /** Nobody but bots came this long after admission: `nobody_joined`. */
  nobodyJoinedMs: number;
  /** Everyone but bots has been gone this long, after people were there: `alone`. */
  aloneMs: number;
  /** Names with one of these words are other bots, not people. */
  botKeywords: string[];
  /** Nobody said anything this long (0: the rule is off): `silence`… */
  silenceMs: number;
  /** …counted only once this long has passed since admission. */
  silenceGraceMs: number;
  /** In the call this long: `max_duration`. */
  maxDurationMs: number;
}

/** The end a rule gives the bot's time: completed, the rule as the status reason, the rule and its limit on the timeline. */
export function ruleEnd(rule: LeaveRule, limitMs: number): End {
  return { kind: "completed", reason: rule, data: { rule, limitSeconds: Math.round(limitMs / 1000) } };
}

export interface LeaveRulesOptions {
  /** A rule fired: the bot's time ends, naming the rule and its limit (its end stops billing and these timers). */
  leave(rule: LeaveRule, limitMs: number): void;
  /** The clock (ms); tests move it with fake timers. */
  now?: () => number;
}

/**
 * Every rule by which the bot leaves a meeting on its own, in one place, each with its own timer and
 * the limits of the agent's leaving rules (`configure`, before admission): nobody came within a while
 * of admission; alone for a while after people were there; nobody said a word for a while once the
 * grace period is over; the maximum duration. Other bots (by name keyword) are not people. The first
 * rule to fire ends the bot's time; the run calls `stop()` at that end, whatever ended it, and no rule
 * fires or arms after it.
 */
export class LeaveRules {
  private readonly opts: LeaveRulesOptions;
  private readonly now: () => number;
  private limits: LeaveLimits | null = null;
  private isPerson: (p: Participant) => boolean = (p) => !p.isSelf;
  private peopleNow = false;
  private peopleSeen = false;
  private admittedAt: number | null = null;
  private lastHeardAt = 0;
  private readonly timers = new Map<LeaveRule, NodeJS.Timeout>();
  private stopped = false;

  constructor(opts: LeaveRulesOptions) {
    this.opts = opts;
    this.now = opts.now ?? (() => performance.now());
  }

  /** The agent's limits (before admission; nothing is armed until then). */
  configure(limits: LeaveLimits): void {
    this.limits = limits;
    this.isPerson = peopleFilter(limits.botKeywords);
  }

  /** Who is in the call now (the bot itself included). */
  roster(participants: Participant[]): void {
    this.peopleNow = participants.some(this.isPerson);
    if (this.peopleNow) {
      this.peopleSeen = true;
      this.clear("nobody_joined");
      this.clear("alone");
    } else if (this.peopleSeen && this.admittedAt !== null && this.limits) {
      if (!this.timers.has("alone")) this.arm("alone", this.limits.aloneMs);
    }
  }

  /** Someone other than the agent said something. */
  heard(): void {
    this.lastHeardAt = this.now();
  }

  /** The bot is in the call: the rules count from now. */
  admitted(): void {
    const { limits } = this;
    if (this.stopped || !limits || this.admittedAt !== null) return;
    this.admittedAt = this.lastHeardAt = this.now();
    this.arm("max_duration", limits.maxDurationMs);
    if (!this.peopleSeen) this.arm("nobody_joined", limits.nobodyJoinedMs);
    else if (!this.peopleNow) this.arm("alone", limits.aloneMs);
    if (limits.silenceMs > 0) this.armSilence();
  }

  /** The bot's time is over: every timer goes. */
  stop(): void {
    this.stopped = true;
    for (const rule of [...this.timers.keys()]) this.clear(rule);
  }

  /** Silence is due once the grace period is over and nobody was heard for the limit; checked when due, and again if someone spoke meanwhile. */
  private armSilence(): void {
    const { limits, admittedAt } = this;
    if (!limits || admittedAt === null) return;
    const due = Math.max(admittedAt + limits.silenceGraceMs, this.lastHeardAt + limits.silenceMs);
    const timer = setTimeout(() => {
      this.timers.delete("silence");
      if (this.now() >= Math.max(admittedAt + limits.silenceGraceMs, this.lastHeardAt + limits.silenceMs)) this.fire("silence", limits.silenceMs);
      else this.armSilence();
    }, Math.max(0, due - this.now()));
    this.set("silence", timer);
  }

  private arm(rule: LeaveRule, ms: number): void {
    this.set(
      rule,
      setTimeout(() => {
        this.timers.delete(rule);
        this.fire(rule, ms);
      }, ms),
    );
  }

  private set(rule: LeaveRule, timer: NodeJS.Timeout): void {
    if (this.stopped) return clearTimeout(timer);
    this.clear(rule);
    this.timers.set(rule, timer);
  }

  private clear(rule: LeaveRule): void {
    clearTimeout(this.timers.get(rule));
    this.timers.delete(rule);
  }

  private fire(rule: LeaveRule, limitMs: number): void {
    if (this.stopped) return;
    this.opts.leave(rule, limitMs);
  }
}
