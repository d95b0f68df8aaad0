import { INPUT_SAMPLE_RATE } from "../../voice/types.ts";

// Puts the page's frames on the session clock. Per capture context (one per document): session time
// minus the context's audio time, taken from the first frame ("arrival − duration"). A frame never
// arrives before it was captured, so a later frame that arrives earlier than that predicts shows the
// first one was delayed, and the mapping moves back (by more than a frame; smaller differences are
// delivery jitter). A voice's frames never overlap: while it speaks without a break they stay exactly
// contiguous, and a correction shows from its next pause on.

/** A frame's start on the session clock (ms), from its context, voice, start sample and length. */
export type FrameClock = (context: string, speakerId: string, startSample: number, samples: number) => number;

export function createFrameClock(now: () => number, frameMs: number): FrameClock {
  const offsets = new Map<string, number>();
  const voiceEnds = new Map<string, number>();
  return (context, speakerId, startSample, samples) => {
    const startMs = (startSample * 1000) / INPUT_SAMPLE_RATE;
    const candidate = now() - (samples * 1000) / INPUT_SAMPLE_RATE - startMs;
    let offset = offsets.get(context);
    if (offset === undefined || candidate < offset - frameMs) offsets.set(context, (offset = candidate));
    const voice = `${context}:${speakerId}`;
    const timeMs = Math.max(Math.round(startMs + offset), voiceEnds.get(voice) ?? -Infinity);
    voiceEnds.set(voice, timeMs + (samples * 1000) / INPUT_SAMPLE_RATE);
    return timeMs;
  };
}
