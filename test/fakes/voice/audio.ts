// Audio for the fakes: a speech-like signal for TTS answers, and an energy detector that finds
// utterances in what the STT fakes hear. Both work on 16-bit PCM and are deterministic.

/**
 * "Speech" for a text: syllable-like bursts of a voiced tone (140 Hz with harmonics, a pitch that
 * moves per syllable) with short gaps, about `msPerChar` per character. Loud enough to count as
 * speech for any VAD, and it survives Opus.
 */
export function speechTone(text: string, sampleRate: number, msPerChar: number): Int16Array {
  const chars = [...text.trim()].length;
  const totalMs = Math.max(150, chars * msPerChar);
  const samples = new Int16Array(Math.round((totalMs * sampleRate) / 1000));
  const syllable = Math.round(0.18 * sampleRate);
  const voiced = Math.round(0.15 * sampleRate);
  for (let i = 0; i < samples.length; i++) {
    const n = Math.floor(i / syllable);
    const t = i % syllable;
    if (t >= voiced) continue;
    const f0 = 120 + ((n * 37) % 60);
    const env = Math.sin((Math.PI * t) / voiced);
    const x = (2 * Math.PI * f0 * i) / sampleRate;
    samples[i] = Math.round(9000 * env * (0.6 * Math.sin(x) + 0.3 * Math.sin(2 * x) + 0.1 * Math.sin(3 * x)));
  }
  return samples;
}

export function bytesOf(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** Splits audio into chunks of `ms` milliseconds. */
export function chunked(samples: Int16Array, sampleRate: number, ms: number): Int16Array[] {
  const size = Math.max(1, Math.round((sampleRate * ms) / 1000));
  const out: Int16Array[] = [];
  for (let i = 0; i < samples.length; i += size) out.push(samples.subarray(i, i + size));
  return out;
}

type DetectorEvent = { type: "start"; atMs: number } | { type: "speech"; speechMs: number } | { type: "end"; atMs: number; startMs: number };

const FRAME_MS = 10;

/**
 * Finds utterances in 16 kHz audio by energy: speech starts after `minSpeechMs` of loud 10 ms frames
 * and ends after `endSilenceMs` of quiet ones. Time is audio time (samples heard), so results do not
 * depend on how fast the client sends.
 */
export class UtteranceDetector {
  private carry = new Int16Array(0);
  private heardMs = 0;
  private loudRun = 0;
  private quietRun = 0;
  private inSpeech = false;
  private startMs = 0;
  private speechMs = 0;
  private readonly opts: { speechRms: number; minSpeechMs: number; endSilenceMs: number };

  constructor(opts: { speechRms: number; minSpeechMs: number; endSilenceMs: number }) {
    this.opts = opts;
  }

  get audioMs(): number {
    return this.heardMs;
  }

  get speaking(): boolean {
    return this.inSpeech;
  }

  feed(pcm: Int16Array): DetectorEvent[] {
    const all = new Int16Array(this.carry.length + pcm.length);
    all.set(this.carry);
    all.set(pcm, this.carry.length);
    const frame = 16 * FRAME_MS;
    const events: DetectorEvent[] = [];
    let at = 0;
    for (; at + frame <= all.length; at += frame) {
      let sum = 0;
      for (let i = at; i < at + frame; i++) sum += all[i] * all[i];
      const loud = Math.sqrt(sum / frame) > this.opts.speechRms;
      this.heardMs += FRAME_MS;
      if (loud) {
        this.loudRun += FRAME_MS;
        this.quietRun = 0;
      } else {
        this.quietRun += FRAME_MS;
        this.loudRun = 0;
      }
      if (!this.inSpeech && this.loudRun >= this.opts.minSpeechMs) {
        this.inSpeech = true;
        this.startMs = this.heardMs - this.loudRun;
        this.speechMs = this.loudRun;
        events.push({ type: "start", atMs: this.startMs });
      } else if (this.inSpeech) {
        this.speechMs += FRAME_MS;
        events.push({ type: "speech", speechMs: this.speechMs });
        if (this.quietRun >= this.opts.endSilenceMs) {
          this.inSpeech = false;
          events.push({ type: "end", atMs: this.heardMs - this.quietRun, startMs: this.startMs });
        }
      }
    }
    this.carry = all.slice(at);
    return events;
  }

  /** Ends the current utterance now (Finalize, ForceEndpoint); null when nobody is speaking. */
  forceEnd(): { atMs: number; startMs: number } | null {
    if (!this.inSpeech) return null;
    this.inSpeech = false;
    return { atMs: this.heardMs - this.quietRun, startMs: this.startMs };
  }
}

/** Evenly spread word timings for a transcript over [startMs, endMs]. */
export function wordTimes(text: string, startMs: number, endMs: number): { word: string; startMs: number; endMs: number }[] {
  const words = text.split(/\s+/).filter(Boolean);
  const span = Math.max(1, endMs - startMs) / Math.max(1, words.length);
  return words.map((word, i) => ({ word, startMs: Math.round(startMs + i * span), endMs: Math.round(startMs + (i + 1) * span) }));
}
