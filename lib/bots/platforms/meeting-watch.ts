import type { Page } from "playwright-core";
import type { EndReason, Participant, PlatformEvent } from "./types.ts";

// While the bot is in a meeting: read the client twice a second and report the roster (when it
// changes), the active speaker (when it changes) and the end, once. A page that closes or crashes,
// or that shows neither the call nor a known ending for WATCH_TIMING.lostAfterMs, lost the meeting.

export type CallState =
  | { kind: "in"; participants: Participant[] }
  /** "left": the bot's own leave() (not reported). */
  | { kind: "out"; reason: EndReason | "left" }
  /** Neither the call nor an ending (a reconnecting overlay, a navigation). */
  | { kind: "unknown" };

/** What a pure reading of the page can tell; the adapter adds the roster to "in". */
export type CallVerdict = Exclude<CallState, { kind: "in" }> | { kind: "in" };

export interface WatchTiming {
  pollMs: number;
  lostAfterMs: number;
}

export const WATCH_TIMING: WatchTiming = { pollMs: 500, lostAfterMs: 30_000 };

export interface Watcher {
  stop(): void;
}

/**
 * Starts watching. `tick` runs before each read (dismissing in-call dialogs, joining audio); an error
 * in it or in `read` counts as an unknown look unless the page is gone.
 */
export function watchMeeting(
  page: Page,
  read: () => Promise<CallState>,
  onEvent: (event: PlatformEvent) => void,
  opts: { tick?: () => Promise<void>; timing?: WatchTiming } = {},
): Watcher {
  const timing = opts.timing ?? WATCH_TIMING;
  let stopped = false;
  let lastRoster = "";
  let lastSpeaker: string | null | undefined;
  let unknownSince: number | null = null;
  const end = (reason: EndReason) => {
    if (stopped) return;
    stopped = true;
    onEvent({ type: "ended", reason });
  };
  const onClose = () => end("connection_lost");
  page.once("close", onClose);
  page.once("crash", onClose);

  void (async () => {
    while (!stopped) {
      let state: CallState = { kind: "unknown" };
      try {
        await opts.tick?.();
        state = await read();
      } catch {
        if (page.isClosed()) break; // the close handler reports it
      }
      if (stopped) break;
      if (state.kind === "out") {
        if (state.reason !== "left") end(state.reason);
        break;
      }
      if (state.kind === "unknown") {
        unknownSince ??= Date.now();
        if (Date.now() - unknownSince >= timing.lostAfterMs) {
          end("connection_lost");
          break;
        }
      } else {
        unknownSince = null;
        // The roster without who is speaking right now: that is the active speaker's business.
        const roster = JSON.stringify(state.participants.map(({ speaking: _, ...p }) => p));
        if (roster !== lastRoster) {
          lastRoster = roster;
          onEvent({ type: "participants", participants: state.participants });
        }
        const speaker = state.participants.find((p) => p.speaking && !p.isSelf)?.id ?? null;
        if (speaker !== lastSpeaker) {
          lastSpeaker = speaker;
          onEvent({ type: "active_speaker", participantId: speaker });
        }
      }
      await new Promise((r) => setTimeout(r, timing.pollMs));
    }
  })();

  return {
    stop() {
      stopped = true;
      page.off("close", onClose);
      page.off("crash", onClose);
    },
  };
}
