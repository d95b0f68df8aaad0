import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { awaitAdmission, withoutQuery, type JoinDriver, type JoinState, type JoinTiming } from "@/lib/bots/platforms/join-flow";
import type { PlatformEvent } from "@/lib/bots/platforms/types";

// The join loop's own rules, with a scripted driver (what a page would show, look by look) and short
// timings: stalls, repeated join clicks, the waiting room reported once with a timeout per wait,
// aborting. The platforms' readings are in platform-status.test.ts, the browser paths elsewhere.

const TIMING: JoinTiming = { pollMs: 5, stallMs: 60, resubmitMs: 20, maxSubmits: 3 };
const page = { isClosed: () => false, url: () => "https://zoom.us/wc/1/join?pwd=secret" } as unknown as Page;

/** A driver whose page shows `states` one look after another (the last one forever). */
function scripted(states: JoinState[] | ((look: number) => JoinState)) {
  let look = 0;
  const submits: number[] = [];
  const driver: JoinDriver = {
    async read() {
      const state = typeof states === "function" ? states(look) : states[Math.min(look, states.length - 1)];
      look++;
      return state;
    },
    async submit() {
      submits.push(look);
    },
    async dismiss() {},
  };
  return { driver, submits };
}

function join(driver: JoinDriver, opts: { waitingRoomTimeoutMs?: number; signal?: AbortSignal } = {}, timing = TIMING) {
  const events: PlatformEvent[] = [];
  const done = awaitAdmission(page, driver, { url: "x", name: "Bot", waitingRoomTimeoutMs: opts.waitingRoomTimeoutMs ?? 10_000, signal: opts.signal, onEvent: (e) => events.push(e) }, timing);
  return { done, events };
}

describe("the join loop", () => {
  it("asks to join on the pre-join screen, reports the waiting room once and stops at admission", async () => {
    const { driver, submits } = scripted([{ kind: "loading" }, { kind: "prejoin" }, { kind: "waiting", waitingFor: "admission" }, { kind: "waiting", waitingFor: "admission" }, { kind: "admitted" }]);
    const { done, events } = join(driver);
    expect(await done).toEqual({ admitted: true });
    expect(submits).toHaveLength(1);
    expect(events).toEqual([{ type: "waiting_room", waitingFor: "admission" }]);
  });

  it("gives up on a page that shows nothing it knows, without the link's query in the detail", async () => {
    const { driver } = scripted([{ kind: "loading" }]);
    expect(await join(driver).done).toEqual({ admitted: false, reason: "join_failed", detail: "the page showed nothing the bot knows within 0 s (https://zoom.us/wc/1/join)" });
    expect(withoutQuery("https://teams.live.com/meet/1?p=secret#token=x")).toBe("https://teams.live.com/meet/1");
  });

  it("asks again when the pre-join screen stays, at most three times per screen", async () => {
    const { driver, submits } = scripted([{ kind: "prejoin" }]);
    expect(await join(driver).done).toEqual({ admitted: false, reason: "join_failed", detail: "the pre-join screen stayed after asking to join 3 times" });
    expect(submits).toHaveLength(3);
    // A new screen (the launcher, then the pre-join) gets its own submits at once.
    const steps = scripted((look) => (look < 3 ? { kind: "prejoin", step: "launcher" } : look < 6 ? { kind: "prejoin", step: "prejoin" } : { kind: "admitted" }));
    expect(await join(steps.driver, {}, { ...TIMING, resubmitMs: 60_000 }).done).toEqual({ admitted: true });
    expect(steps.submits).toEqual([1, 4]);
  });

  it("times out each wait on its own: the host, then the lobby", async () => {
    const host = scripted([{ kind: "waiting", waitingFor: "host" }]);
    expect(await join(host.driver, { waitingRoomTimeoutMs: 30 }).done).toMatchObject({ admitted: false, reason: "meeting_not_started" });
    const both = scripted((look) => (look < 2 ? { kind: "waiting", waitingFor: "host" } : { kind: "waiting", waitingFor: "admission" }));
    const run = join(both.driver, { waitingRoomTimeoutMs: 200 });
    expect(await run.done).toMatchObject({ admitted: false, reason: "waiting_room_timeout", detail: "nobody let the bot in within 0 s", rule: { rule: "waiting_room", limitSeconds: 0 } });
    expect(run.events).toEqual([{ type: "waiting_room", waitingFor: "host" }]);
  });

  it("returns the page's own failure, and stops when aborted", async () => {
    const denied = scripted([{ kind: "waiting", waitingFor: "admission" }, { kind: "failed", reason: "denied", detail: "refused" }]);
    expect(await join(denied.driver).done).toEqual({ admitted: false, reason: "denied", detail: "refused" });
    const stop = new AbortController();
    const waiting = scripted([{ kind: "waiting", waitingFor: "admission" }]);
    const run = join(waiting.driver, { signal: stop.signal });
    setTimeout(() => stop.abort(), 30);
    expect(await run.done).toEqual({ admitted: false, reason: "join_failed", detail: "stopped while joining" });
  });
});
