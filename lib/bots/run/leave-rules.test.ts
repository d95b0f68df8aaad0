import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Participant } from "../platforms/types.ts";
import { LeaveRules, type LeaveRule } from "./leave-rules.ts";

const ALONE_MS = 60_000;
const MAX_MS = 4 * 3600_000;
const bot: Participant = { id: "bot", name: "Cohost", isSelf: true, speaking: false, speakerIds: ["s0"] };
const grace: Participant = { id: "g", name: "Grace", isSelf: false, speaking: false, speakerIds: ["s1"] };

function rules() {
  const fired: LeaveRule[] = [];
  const r = new LeaveRules({ aloneTimeoutMs: ALONE_MS, maxDurationMs: MAX_MS, leave: (rule) => fired.push(rule) });
  return { r, fired };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the leave rules", () => {
  it("alone: only after others were there, once the time is up, naming the rule", () => {
    const { r, fired } = rules();
    r.roster([bot]); // nobody has come yet: waiting for people is not being alone
    vi.advanceTimersByTime(ALONE_MS * 3);
    expect(fired).toEqual([]);
    r.roster([bot, grace]);
    r.roster([bot]);
    vi.advanceTimersByTime(ALONE_MS - 1);
    expect(fired).toEqual([]);
    r.roster([bot]); // the same roster again does not start the time over
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["alone"]);
  });

  it("alone: someone coming back stops the clock, and it starts afresh when they leave again", () => {
    const { r, fired } = rules();
    r.roster([bot, grace]);
    r.roster([bot]);
    vi.advanceTimersByTime(ALONE_MS - 1000);
    r.roster([bot, grace]);
    vi.advanceTimersByTime(ALONE_MS);
    expect(fired).toEqual([]);
    r.roster([bot]);
    vi.advanceTimersByTime(ALONE_MS);
    expect(fired).toEqual(["alone"]);
  });

  it("max duration counts from admission", () => {
    const { r, fired } = rules();
    r.roster([bot, grace]);
    vi.advanceTimersByTime(MAX_MS); // the waiting room does not count
    expect(fired).toEqual([]);
    r.admitted();
    vi.advanceTimersByTime(MAX_MS - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(["max_duration"]);
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
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(MAX_MS * 2);
    expect(fired).toEqual([]);
  });
});
