import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeetingSession } from "../platforms/types.ts";
import { Microphone } from "./microphone.ts";

/** The platform's meeting client (the outside world): its microphone switch, failing `failures` times first. */
function client(failures = 0) {
  const switches: boolean[] = [];
  let left = failures;
  const session = {
    async setMicrophone(on: boolean) {
      if (left-- > 0) throw new Error("button not found");
      switches.push(on);
    },
  } as MeetingSession;
  return { session, switches };
}

function logged() {
  const events: string[] = [];
  return { events, log: (event: string) => void events.push(event) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the bot's microphone on platforms that want it on only while it speaks", () => {
  it("on when the agent speaks, off a moment after it stops; speaking again within the moment keeps it on", async () => {
    const { session, switches } = client();
    const mic = new Microphone({ log: logged().log, client: () => session, offDelayMs: 1500 });
    mic.speaking(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(switches).toEqual([true]);
    mic.speaking(false);
    await vi.advanceTimersByTimeAsync(1000);
    mic.speaking(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(switches).toEqual([true, true]);
    mic.speaking(false);
    await vi.advanceTimersByTimeAsync(1499);
    expect(switches).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(switches).toEqual([true, true, false]);
  });

  it("a failed switch is tried once more; a second failure is said, not thrown", async () => {
    const once = client(1);
    const log1 = logged();
    new Microphone({ log: log1.log, client: () => once.session }).speaking(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(once.switches).toEqual([true]);
    expect(log1.events).toEqual(["microphone_retry"]);

    const twice = client(2);
    const log2 = logged();
    new Microphone({ log: log2.log, client: () => twice.session }).speaking(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(twice.switches).toEqual([]);
    expect(log2.events).toEqual(["microphone_retry", "microphone_failed"]);
  });

  it("does nothing before the bot is in the call", async () => {
    const { switches } = client();
    const mic = new Microphone({ log: logged().log, client: () => null });
    mic.speaking(true);
    mic.speaking(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(switches).toEqual([]);
  });

  it("once the bot's time is over it still opens for the goodbye, never closes again, and leaves no timer", async () => {
    const { session, switches } = client();
    const mic = new Microphone({ log: logged().log, client: () => session, offDelayMs: 1500 });
    mic.speaking(true);
    mic.speaking(false); // off in a moment…
    mic.leaving(); // …but the time ends first (the credit ran out)
    await vi.advanceTimersByTimeAsync(5000);
    expect(switches).toEqual([true]);
    mic.speaking(true); // the goodbye
    await vi.advanceTimersByTimeAsync(0);
    expect(switches).toEqual([true, true]);
    mic.speaking(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(switches).toEqual([true, true]);
  });
});
