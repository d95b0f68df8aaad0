import type { Page } from "playwright-core";
import type { JoinFailure, JoinOptions, JoinResult, WaitingRoomRule } from "./types.ts";
import { pause } from "../within.ts";

// The join loop every web client shares: look at the page twice a second, click away known dialogs,
// fill the pre-join screen when it shows, report the waiting room once, and stop at admission, at a
// failure the page names, at the waiting-room timeout, or when the caller aborts. What the page
// shows is each platform's read(), a pure reading of one probe (see page-probe.ts).

export type JoinState =
  /** Nothing the adapter knows yet (navigating, a redirect, a spinner). */
  | { kind: "loading" }
  /** A screen before the lobby (the pre-join screen; a launcher); each step gets its own submits. */
  | { kind: "prejoin"; step?: string }
  | { kind: "waiting"; waitingFor: "admission" | "host" }
  | { kind: "admitted" }
  /** transient: a connection that failed (a new attempt in a fresh browser may go otherwise). */
  | { kind: "failed"; reason: JoinFailure; detail: string; transient?: boolean };

export interface JoinDriver {
  /** What the page shows now. */
  read(): Promise<JoinState>;
  /** Fills the pre-join screen and asks to join (called again if the screen is still there later). */
  submit(): Promise<void>;
  /** Clicks away dialogs that stand in the way (cookies, tips, consent); called on every look. */
  dismiss(): Promise<void>;
  /** Called on every look while the meeting has not started (Zoom reloads its error page). */
  waitingForHost?(): Promise<void>;
}

export interface JoinTiming {
  pollMs: number;
  /** A page that shows nothing known for this long has failed (changed UI, network). */
  stallMs: number;
  /** A pre-join screen still there this long after asking to join is filled again... */
  resubmitMs: number;
  /** ...at most this many times in all. */
  maxSubmits: number;
}

export const JOIN_TIMING: JoinTiming = { pollMs: 500, stallMs: 60_000, resubmitMs: 10_000, maxSubmits: 3 };

export type JoinOutcome = { admitted: true } | { admitted: false; reason: JoinFailure; detail: string; transient?: boolean; rule?: WaitingRoomRule };

/** A join that failed, as the adapter's answer. */
export function joinFailed(o: Extract<JoinOutcome, { admitted: false }>): JoinResult {
  return { kind: "failed", reason: o.reason, detail: o.detail, transient: o.transient, ...(o.rule ? { rule: o.rule } : {}) };
}

const minutes = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/** A URL for logs and details: no query or fragment, where links keep passcodes and tokens. */
export function withoutQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "an unreadable address";
  }
}

/** Drives a client from the opened link to admission or a typed failure. */
export async function awaitAdmission(page: Page, driver: JoinDriver, opts: JoinOptions, timing: JoinTiming = JOIN_TIMING): Promise<JoinOutcome> {
  let reportedWaiting = false;
  let waiting = null as { for: "admission" | "host"; since: number } | null;
  let submits = 0;
  let lastSubmit = -Infinity;
  let step: string | undefined;
  let kind = "";
  let kindSince = Date.now();
  const fail = (reason: JoinFailure, detail: string, rule?: WaitingRoomRule): JoinOutcome => ({ admitted: false, reason, detail, ...(rule ? { rule } : {}) });

  for (;;) {
    if (opts.signal?.aborted) return fail("join_failed", "stopped while joining");
    if (page.isClosed()) return fail("join_failed", "the bot's page closed while joining");
    let state: JoinState;
    try {
      await driver.dismiss();
      state = await driver.read();
    } catch (err) {
      if (page.isClosed()) return fail("join_failed", "the bot's page closed while joining");
      throw err;
    }
    const now = Date.now();
    if (state.kind !== kind || (state.kind === "prejoin" && state.step !== step)) opts.observe?.joinState?.(state);
    if (state.kind !== kind) {
      kind = state.kind;
      kindSince = now;
    }
    switch (state.kind) {
      case "admitted":
        return { admitted: true };
      case "failed":
        return { admitted: false, reason: state.reason, detail: state.detail, ...(state.transient ? { transient: true } : {}) };
      case "waiting": {
        if (!reportedWaiting) {
          reportedWaiting = true;
          opts.onEvent({ type: "waiting_room", waitingFor: state.waitingFor });
        }
        // Waiting for the host and then in the lobby are two waits, each with the full timeout.
        if (waiting?.for !== state.waitingFor) waiting = { for: state.waitingFor, since: now };
        if (now - waiting.since >= opts.waitingRoomTimeoutMs) {
          // The agent's waiting-room rule decided it: the timeline names the rule and its limit.
          const rule: WaitingRoomRule = { rule: "waiting_room", limitSeconds: Math.round(opts.waitingRoomTimeoutMs / 1000) };
          return state.waitingFor === "host"
            ? fail("meeting_not_started", `the host did not start the meeting within ${minutes(opts.waitingRoomTimeoutMs)}`, rule)
            : fail("waiting_room_timeout", `nobody let the bot in within ${minutes(opts.waitingRoomTimeoutMs)}`, rule);
        }
        if (state.waitingFor === "host") await driver.waitingForHost?.();
        break;
      }
      case "prejoin":
        if (state.step !== step) {
          step = state.step;
          submits = 0;
          lastSubmit = -Infinity;
        }
        if (now - lastSubmit >= timing.resubmitMs) {
          if (submits >= timing.maxSubmits) return fail("join_failed", `the pre-join screen stayed after asking to join ${submits} times`);
          submits++;
          lastSubmit = now;
          try {
            await driver.submit();
          } catch {
            // A control that moved or vanished mid-click: the next look decides what the page shows.
            if (page.isClosed()) return fail("join_failed", "the bot's page closed while joining");
          }
        }
        break;
      case "loading":
        if (now - kindSince >= timing.stallMs) return fail("join_failed", `the page showed nothing the bot knows within ${minutes(timing.stallMs)} (${withoutQuery(page.url())})`);
        break;
    }
    await pause(timing.pollMs, opts.signal);
  }
}
