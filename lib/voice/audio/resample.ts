// Band-limited sample-rate conversion (windowed sinc): the speech fixtures are made at eSpeak's
// 22.05 kHz and brought to the pipeline's 16 kHz. Streaming (chunks give the same samples as one
// piece), so audio arriving in frames can use it too. 16 taps either side keep aliasing below
// -60 dB, plenty for speech, at ~32 multiply-adds per output sample.
const HALF_TAPS = 16;
const PHASES = 256;

/** Blackman-windowed sinc, tabulated at PHASES sub-sample steps for each of the 2 × HALF_TAPS taps. */
function kernelTable(cutoff: number): Float32Array {
  // One extra zero at the end: interpolation at the right edge reads table[i + 1].
  const table = new Float32Array(2 * HALF_TAPS * PHASES + 2);
  for (let i = 0; i <= 2 * HALF_TAPS * PHASES; i++) {
    const x = i / PHASES - HALF_TAPS; // distance from the output instant, in input samples
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
    const w = (x + HALF_TAPS) / (2 * HALF_TAPS);
    const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
    table[i] = cutoff * sinc * window;
  }
  return table;
}

export class Resampler {
  readonly fromRate: number;
  readonly toRate: number;
  private readonly table: Float32Array;
  /** Input not yet fully used, starting at absolute input index `base`. */
  private pending = new Float32Array(0);
  private base = -HALF_TAPS; // leading zeros so the first output sample has its left half
  private produced = 0;

  constructor(fromRate: number, toRate: number) {
    this.fromRate = fromRate;
    this.toRate = toRate;
    // Below both Nyquist rates, with a little room for the window's transition band.
    this.table = kernelTable(Math.min(1, toRate / fromRate) * 0.92);
    this.pending = new Float32Array(HALF_TAPS);
  }

  /** Feeds input; returns the output that is complete so far. */
  push(input: Int16Array): Int16Array {
    if (this.fromRate === this.toRate) return input.slice();
    const joined = new Float32Array(this.pending.length + input.length);
    joined.set(this.pending);
    for (let i = 0; i < input.length; i++) joined[this.pending.length + i] = input[i];
    this.pending = joined;
    return this.drain(false);
  }

  /** Ends the stream: pads with silence so the last input samples come out. */
  flush(): Int16Array {
    if (this.fromRate === this.toRate) return new Int16Array(0);
    const padded = new Float32Array(this.pending.length + HALF_TAPS);
    padded.set(this.pending);
    this.pending = padded;
    return this.drain(true);
  }

  private drain(final: boolean): Int16Array {
    const out: number[] = [];
    const end = this.base + this.pending.length; // absolute index past the last input sample
    for (;;) {
      // Exact rational position of the next output sample in input samples (no drift over hours).
      const num = this.produced * this.fromRate;
      const whole = Math.floor(num / this.toRate);
      const frac = (num % this.toRate) / this.toRate;
      if (whole + HALF_TAPS >= end) break;
      if (final && whole >= end - HALF_TAPS) break;
      let acc = 0;
      for (let k = whole - HALF_TAPS + 1; k <= whole + HALF_TAPS; k++) {
        const t = (k - whole - frac + HALF_TAPS) * PHASES; // table index of distance k - position
        const i = Math.floor(t);
        const h = this.table[i] + (this.table[i + 1] - this.table[i]) * (t - i);
        acc += this.pending[k - this.base] * h;
      }
      out.push(acc);
      this.produced++;
    }
    // Keep what the next output samples still need on their left.
    const num = this.produced * this.fromRate;
    const keepFrom = Math.floor(num / this.toRate) - HALF_TAPS + 1;
    if (keepFrom > this.base) {
      this.pending = this.pending.slice(keepFrom - this.base);
      this.base = keepFrom;
    }
    const pcm = new Int16Array(out.length);
    for (let i = 0; i < out.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(out[i])));
    return pcm;
  }
}

/** Resamples a whole buffer. */
export function resample(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  const r = new Resampler(fromRate, toRate);
  const head = r.push(samples);
  const tail = r.flush();
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
