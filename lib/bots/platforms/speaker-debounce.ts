import type { Participant } from "./types.ts";

// Who is speaking, steadied. Clients light a speaker's tile for a moment on a cough or a click, and
// their glow flickers (Vexa and joinly debounce it): the speaker the runtime hears about — the one
// that carries the call's audio (attributeToSpeaker), whose rights the tools check — changes only
// once a new one (or nobody) has held for SPEAKER_HOLD_MS over consecutive looks.

/** About two looks of the watch (WATCH_TIMING.pollMs 500). */
export const SPEAKER_HOLD_MS = 700;

/**
 * A debouncer for one call: give it each look's roster (its `speaking` as the page shows it); it
 * returns the roster with `speaking` set on the steady speaker only.
 */
export function speakerDebounce(holdMs = SPEAKER_HOLD_MS, now: () => number = Date.now): (participants: Participant[]) => Participant[] {
  let steady: string | null = null;
  let candidate: string | null = null;
  let since = 0;
  return (participants) => {
    const seen = participants.find((p) => p.speaking && !p.isSelf)?.id ?? null;
    const t = now();
    if (seen === steady) candidate = steady;
    else if (seen !== candidate) {
      candidate = seen;
      since = t;
    } else if (t - since >= holdMs) steady = seen;
    // A speaker who left speaks no more.
    if (steady !== null && !participants.some((p) => p.id === steady)) steady = null;
    return participants.map((p) => (p.speaking === (p.id === steady) ? p : { ...p, speaking: p.id === steady }));
  };
}
