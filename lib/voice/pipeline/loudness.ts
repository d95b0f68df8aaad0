import type { QueuedAudio } from "../audio/vad.ts";
import { INPUT_SAMPLE_RATE } from "../types.ts";

/** −40 dBFS: the level above which a quantum of audio counts as sound (the fakes' and bench:voice's threshold too). */
const LOUD_RMS = 0.01 * 32768;
const LOUD_QUANTUM = 128;

/** The end (capture time) of the audio's last 8 ms quantum louder than LOUD_RMS; null if none. */
export function loudEnd(audio: QueuedAudio): number | null {
  for (let end = audio.samples.length; end >= LOUD_QUANTUM; end -= LOUD_QUANTUM) {
    let sum = 0;
    for (let i = end - LOUD_QUANTUM; i < end; i++) sum += audio.samples[i] * audio.samples[i];
    if (Math.sqrt(sum / LOUD_QUANTUM) > LOUD_RMS) return audio.timeMs + (end * 1000) / INPUT_SAMPLE_RATE;
  }
  return null;
}
