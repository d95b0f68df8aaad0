import type { LiveState } from "../meetings/live-state.ts";
import type { SessionEvent } from "../voice/types.ts";

/**
 * Follows the voice session's events and reports each new state once. `start()` reports the first
 * one (listening) when the agent is in the call.
 */
export function liveStateTracker(opts: { keepWords: boolean; now?: () => Date; onChange: (state: LiveState) => void }) {
  const now = opts.now ?? (() => new Date());
  let replying = false;
  let speaking = false;
  let unanswered: LiveState["unanswered"];
  let last = "";
  const report = () => {
    const state: LiveState = { activity: speaking ? "speaking" : replying ? "thinking" : "listening", ...(unanswered ? { unanswered } : {}) };
    const json = JSON.stringify(state);
    if (json === last) return;
    last = json;
    opts.onChange(state);
  };
  return {
    start: report,
    event(e: SessionEvent) {
      switch (e.type) {
        case "replying":
          replying = e.replying;
          // An answer makes the last "did not answer" note old news.
          if (e.replying) unanswered = undefined;
          else speaking = false;
          return report();
        case "speaking":
          speaking = e.speaking;
          // Its audio is over only when the reply is (the session then ends the reply too).
          if (!e.speaking) replying = false;
          return report();
        case "unanswered":
          unanswered = { reason: e.reason, text: opts.keepWords ? e.text : null, at: now().toISOString() };
          return report();
      }
    },
  };
}
