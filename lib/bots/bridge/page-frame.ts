import { INPUT_SAMPLE_RATE, type PcmFrame } from "../../voice/types.ts";
import type { FrameClock } from "./frame-clock.ts";

/** A frame as the page sends it (page/capture-by-processor.js). */
export interface FrameMessage {
  speakerId: string;
  /** Start, in 16 kHz samples on the clock of capture context `c`. */
  t: number;
  c: string;
  /** PCM as base64, or `silent`: that many samples of digital silence (a voice that just went quiet). */
  pcm?: string;
  silent?: number;
}

/** The frame's samples and its time on the session clock; null for an empty frame. */
export function pcmFrameFrom(m: FrameMessage, clock: FrameClock): PcmFrame | null {
  let samples: Int16Array;
  if (m.pcm === undefined) samples = new Int16Array(Math.min(Math.max(0, m.silent ?? 0), INPUT_SAMPLE_RATE));
  else {
    const bytes = Buffer.from(m.pcm, "base64");
    samples = new Int16Array(bytes.byteLength >> 1);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.byteLength));
  }
  if (samples.length === 0) return null;
  const timeMs = clock(m.c, m.speakerId, m.t, samples.length);
  return { samples, sampleRate: INPUT_SAMPLE_RATE, timeMs, speakerId: m.speakerId };
}
