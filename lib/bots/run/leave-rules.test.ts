import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Participant } from "../platforms/types.ts";
import { LeaveRules, type LeaveLimits, type LeaveRule } from "./leave-rules.ts";
import { peopleFilter } from "./people.ts";

const MIN = 60_000;
const LIMITS: LeaveLimits = {
  nobodyJoinedMs: 10 * MIN,
  aloneMs: 60_000,
  botKeywords: ["bot", "notetaker", "otter", "read.ai"],
  silenceMs: 10 * MIN,
  silenceGraceMs: 20 * MIN,
  maxDurationMs: 240 * MIN,
};
const person = (id: string, name: string, isSelf = false): Participant => ({ id, name, isSelf, speaking: false, speakerIds: [] });
const bot = person("bot", "Cohost", true);
const grace = person("g", "Grace");
const otter = person("o", "Otter.ai");
const notetaker = person("n", "Ada's Notetaker");

/** The rules on the fake clock (Date.now under fake timers), with the agent's limits. */
function rules(limits: Partial<LeaveLimits> = {}) {
  const fired: [LeaveRule, number][] = [];
  const r = new LeaveRules({ leave: (rule, limitMs) => fired.push([rule, limitMs]), now: () => Date.now() });
  r.configure({ ...LIMITS, ...limits });
  return { r, fired, rulesFired: () => fired.map(([rule]) => rule) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the leave rules", () => {
  it("nobody joined: counts from admission (not the waiting room), names its rule and limit", () => {
    const { r, fired } = rules({ silenceMs: 0 });
    r.roster([bot]);
    vi.advanceTimersByTime(60 * MIN); // the waiting room does not count
    expect(fired).toEqual([]);
    r.admitted();
    vi.advanceTimersByTime(10 * MIN - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["nobody_joined", 10 * MIN]]);
  });

  it("nobody joined: other bots (by name keyword) are not people; a person coming stops it for good", () => {
    const { r, rulesFired } = rules({ silenceMs: 0 });
    r.admitted();
    r.roster([bot, otter, notetaker]);
    vi.advanceTimersByTime(10 * MIN);
    expect(rulesFired()).toEqual(["nobody_joined"]);

    const second = rules({ silenceMs: 0 });
    second.r.admitted();
    vi.advanceTimersByTime(5 * MIN);
    second.r.roster([bot, grace]);
    vi.advanceTimersByTime(30 * MIN);
    expect(second.rulesFired()).toEqual([]);
  });

  it("alone: only after people were there, once the time is up; other bots staying do not keep it", () => {
    const { r, fired } = rules({ silenceMs: 0 });
    r.admitted();
    r.roster([bot, grace, otter]);
    r.roster([bot, otter]);
    vi.advanceTimersByTime(60_000 - 1);
    expect(fired).toEqual([]);
    r.roster([bot, otter]); // the same roster again does not start the time over
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["alone", 60_000]]);
  });

  it("alone: someone coming back stops the clock, and it starts afresh when they leave again", () => {
    const { r, rulesFired } = rules({ silenceMs: 0 });
    r.admitted();
    r.roster([bot, grace]);
    r.roster([bot]);
    vi.advanceTimersByTime(59_000);
    r.roster([bot, grace]);
    vi.advanceTimersByTime(5 * MIN);
    expect(rulesFired()).toEqual([]);
    r.roster([bot]);
    vi.advanceTimersByTime(60_000);
    expect(rulesFired()).toEqual(["alone"]);
  });

  it("alone: people who left while the bot waited to be let in start the clock at admission", () => {
    const { r, rulesFired } = rules({ silenceMs: 0 });
    r.roster([bot, grace]);
    r.roster([bot]);
    vi.advanceTimersByTime(10 * MIN);
    expect(rulesFired()).toEqual([]);
    r.admitted();
    vi.advanceTimersByTime(60_000);
    expect(rulesFired()).toEqual(["alone"]);
  });

  it("silence: not before the grace period is over, then after the limit without a word", () => {
    const { r, fired } = rules();
    r.admitted();
    r.roster([bot, grace]);
    vi.advanceTimersByTime(20 * MIN - 1); // nobody spoke, but the grace period is not over
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["silence", 10 * MIN]]);
  });

  it("silence: every word heard starts the limit afresh", () => {
    const { r, rulesFired } = rules();
    r.admitted();
    r.roster([bot, grace]);
    vi.advanceTimersByTime(15 * MIN);
    r.heard();
    vi.advanceTimersByTime(10 * MIN - 1); // 25 min in: the grace is over, but Grace spoke 10 min ago less a moment
    expect(rulesFired()).toEqual([]);
    r.heard();
    vi.advanceTimersByTime(10 * MIN - 1);
    expect(rulesFired()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rulesFired()).toEqual(["silence"]);
  });

  it("silence 0 is off", () => {
    const { r, rulesFired } = rules({ silenceMs: 0, maxDurationMs: 600 * MIN });
    r.admitted();
    r.roster([bot, grace]);
    vi.advanceTimersByTime(300 * MIN);
    expect(rulesFired()).toEqual([]);
  });

  it("max duration counts from admission", () => {
    const { r, fired } = rules({ silenceMs: 0 });
    r.roster([bot, grace]);
    vi.advanceTimersByTime(300 * MIN); // the waiting room does not count
    expect(fired).toEqual([]);
    r.admitted();
    vi.advanceTimersByTime(240 * MIN - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["max_duration", 240 * MIN]]);
  });

  it("once stopped (the bot's time ended, whatever ended it) no rule fires or arms, and no timer is left", () => {
    const { r, fired } = rules();
    r.admitted();
    r.roster([bot, grace]);
    r.roster([bot]);
    r.stop();
    r.roster([bot, grace]);
    r.roster([bot]);
    r.admitted();
    r.heard();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(600 * MIN);
    expect(fired).toEqual([]);
  });
});

describe("who counts as a person", () => {
  it("not the bot itself, nor a name with a bot keyword as a whole word in any case", () => {
    const isPerson = peopleFilter(["bot", "notetaker", "read.ai", "note taker"]);
    const names = ["Grace", "Abbott", "Talbot", "Meeting Bot", "BOT", "Fireflies Notetaker", "Read.ai meeting notes", "Ada's note taker", "Bottom Line"];
    expect(names.filter((name) => isPerson(person("x", name)))).toEqual(["Grace", "Abbott", "Talbot", "Bottom Line"]);
    expect(isPerson(person("me", "Grace", true))).toBe(false);
    expect(peopleFilter([])(person("x", "Meeting Bot"))).toBe(true);
  });
});
