import type { AudioBridge } from "../bridge/create-audio-bridge.ts";

// An alarm nobody else raises (issue 27): the bot is in the call, people are there, and no sound
// has reached it. A capture that taps the wrong thing (a client that changed how it plays the
// call), a platform that sends a guest no audio, or a muted tab all look the same from outside:
// the agent sits there deaf. Checked once the bot has been in for `afterMs`, and again every
// `afterMs` while nobody else is there yet; said once.

/** How long after admission a call with people in it may stay silent before the warning. */
export const NO_REMOTE_AUDIO_MS = 60_000;

/** A frame with any sound above about -60 dBFS (remote tracks of muted people carry digital silence). */
function audible(samples: Int16Array): boolean {
  for (let i = 0; i < samples.length; i++) if (samples[i] > 32 || samples[i] < -32) return true;
  return false;
}

export function watchRemoteAudio(opts: { bridge: AudioBridge; afterMs?: number; othersInCall: () => boolean; onSilent: (silentMs: number) => void }): () => void {
  const afterMs = opts.afterMs ?? NO_REMOTE_AUDIO_MS;
  const since = Date.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const unsubscribe = opts.bridge.onFrame((frame) => {
    if (audible(frame.samples)) stop();
  });
  const check = () => {
    timer = null;
    if (!opts.othersInCall()) {
      timer = setTimeout(check, afterMs);
      return;
    }
    stop();
    opts.onSilent(Date.now() - since);
  };
  timer = setTimeout(check, afterMs);
  return stop;
}
