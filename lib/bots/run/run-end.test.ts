import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeetingSession } from "../platforms/types.ts";
import { LeaveRules } from "./leave-rules.ts";
import { Microphone } from "./microphone.ts";
import { RunEnd } from "./run-end.ts";

function logged() {
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  return { lines, log: (event: string, fields?: Record<string, unknown>) => void lines.push({ event, fields }) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the end of the bot's time", () => {
  it("is decided once: the first reason wins and is what the teardown gets; later ones change nothing", async () => {
    const { lines, log } = logged();
    let clock = 100;
    const end = new RunEnd(log, () => clock);
    expect(end.over).toBe(false);
    end.end({ kind: "completed", reason: "alone" });
    clock = 200;
    end.end({ kind: "superseded" });
    end.end({ kind: "failed", reason: "provider_error" });
    expect(end.over).toBe(true);
    expect(end.at).toBe(100);
    await expect(end.decided).resolves.toEqual({ kind: "completed", reason: "alone" });
    expect(lines.filter((l) => l.event === "bot_ending")).toEqual([{ event: "bot_ending", fields: { end: "completed", reason: "alone" } }]);
  });

  it("releases what it holds at that moment, last first, and at once what comes after; aborts a join in progress", () => {
    const { log } = logged();
    const end = new RunEnd(log);
    const released: string[] = [];
    end.atEnd(() => released.push("mixer"));
    end.atEnd(() => released.push("billing"));
    expect(end.signal.aborted).toBe(false);
    end.end({ kind: "shutdown" });
    expect(released).toEqual(["billing", "mixer"]);
    expect(end.signal.aborted).toBe(true);
    end.atEnd(() => released.push("late timer"));
    expect(released).toEqual(["billing", "mixer", "late timer"]);
  });

  it("a release that throws does not keep the others from running", () => {
    const { lines, log } = logged();
    const end = new RunEnd(log);
    const released: string[] = [];
    end.atEnd(() => released.push("first"));
    end.atEnd(() => {
      throw new Error("already closed");
    });
    end.atEnd(() => released.push("last"));
    end.end({ kind: "completed", reason: "meeting_ended" });
    expect(released).toEqual(["last", "first"]);
    expect(lines.map((l) => l.event)).toContain("release_error");
  });

  it("stops the in-call timers the moment it is decided: no rule fires after it, the microphone no longer closes but still opens for a goodbye", async () => {
    const { log } = logged();
    const end = new RunEnd(log);
    const switches: boolean[] = [];
    // The meeting client (the platform's page) is the outside world here.
    const client = { setMicrophone: async (on: boolean) => void switches.push(on) } as MeetingSession;
    const microphone = new Microphone({ log, client: () => client });
    const rules = new LeaveRules({ leave: (rule) => end.end({ kind: "completed", reason: rule }) });
    rules.configure({ nobodyJoinedMs: 1000, aloneMs: 1000, botKeywords: [], silenceMs: 2000, silenceGraceMs: 0, maxDurationMs: 5000 });
    end.atEnd(() => rules.stop());
    end.atEnd(() => microphone.leaving());
    rules.admitted();
    microphone.speaking(true);
    microphone.speaking(false); // off in a moment…
    end.end({ kind: "superseded" }); // …but the time ends first
    await vi.advanceTimersByTimeAsync(10_000);
    expect(switches).toEqual([true]);
    await expect(end.decided).resolves.toEqual({ kind: "superseded" });
    expect(vi.getTimerCount()).toBe(0);
    // The goodbye as the bot leaves (out of credit): the microphone opens for it, and stays open.
    microphone.speaking(true);
    microphone.speaking(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(switches).toEqual([true, true]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
