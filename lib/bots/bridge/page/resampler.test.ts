import { describe, expect, it } from "vitest";
import { resampler } from "./resampler.js";

/** `seconds` of a sine at `hz`, sampled at `rate`, in 10 ms chunks (as a track processor hands them out). */
function chunks(hz: number, rate: number, seconds: number): Float32Array[] {
  const size = rate / 100;
  return Array.from({ length: seconds * 100 }, (_, c) => Float32Array.from({ length: size }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * (c * size + i)) / rate)));
}

function resampled(hz: number, rate: number): Float32Array {
  const resample = resampler(rate, 16000);
  const parts = chunks(hz, rate, 1).map((c) => resample(c));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const crossings = (x: Float32Array) => x.slice(1).filter((v, i) => Math.sign(v) !== Math.sign(x[i])).length;

describe("resampler", () => {
  it("streams speech-band audio to 16 kHz at the same pitch and level, from whole and fractional ratios", () => {
    for (const rate of [48000, 44100]) {
      const out = resampled(440, rate);
      expect(Math.abs(out.length - 16000)).toBeLessThanOrEqual(1);
      // Past the filter's first few samples: 440 Hz is 880 zero crossings a second, level 0.5/√2.
      const settled = out.slice(160);
      expect(crossings(settled) / 0.99).toBeGreaterThan(875);
      expect(crossings(settled) / 0.99).toBeLessThan(885);
      expect(rms(settled)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    }
  });

  it("filters out what 16 kHz cannot carry instead of folding it into the speech band", () => {
    // 12 kHz at 48 kHz would alias to 4 kHz without the low-pass.
    expect(rms(resampled(12000, 48000).slice(160))).toBeLessThan(0.01);
  });

  it("hands 16 kHz input on as it is", () => {
    const input = Float32Array.from([0.1, -0.2, 0.3]);
    expect(resampler(16000, 16000)(input)).toBe(input);
  });
});
