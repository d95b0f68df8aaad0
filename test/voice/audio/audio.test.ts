import { describe, expect, it } from "vitest";
import { resample, Resampler } from "../../../lib/voice/audio/resample.ts";
import { readWav, writeWav } from "../../../lib/voice/audio/wav.ts";
import { SPEECH, speechSamples } from "../pipeline/speech.ts";

const sine = (hz: number, rate: number, n: number) => Int16Array.from({ length: n }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * hz * i) / rate)));
const rms = (a: Int16Array) => Math.sqrt(a.reduce((s, x) => s + x * x, 0) / a.length);

describe("resampling", () => {
  it("keeps a tone in the pass band, in phase, at the new rate", () => {
    const out = resample(sine(440, 22_050, 22_050), 22_050, 16_000);
    expect(out.length).toBe(16_000);
    const ideal = sine(440, 16_000, 16_000);
    // Away from the edges the converted tone is the ideal one to within a couple of LSBs.
    for (let i = 100; i < 15_900; i++) expect(Math.abs(out[i] - ideal[i])).toBeLessThanOrEqual(2);
  });

  it("removes what the lower rate cannot carry instead of aliasing it", () => {
    const out = resample(sine(10_000, 22_050, 22_050), 22_050, 16_000);
    expect(rms(out.subarray(200, -200))).toBeLessThan(rms(sine(10_000, 22_050, 22_050)) / 100);
  });

  it("gives the same samples in chunks as in one piece (no clicks at chunk boundaries)", () => {
    const input = sine(300, 24_000, 24_000);
    const whole = resample(input, 24_000, 16_000);
    const r = new Resampler(24_000, 16_000);
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += 479) parts.push(...r.push(input.subarray(i, i + 479)));
    parts.push(...r.flush());
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  it("passes audio through when the rates are equal", () => {
    const input = sine(300, 16_000, 320);
    expect(resample(input, 16_000, 16_000)).toEqual(input);
  });
});

describe("WAV", () => {
  it("writes and reads mono 16-bit WAV", () => {
    const samples = sine(1000, 16_000, 1600);
    expect(readWav(writeWav({ samples, sampleRate: 16_000 }))).toEqual({ samples, sampleRate: 16_000 });
  });

  it("reads the committed fixtures as 16 kHz mono of the manifest's length", () => {
    for (const [name, fixture] of Object.entries(SPEECH)) {
      const samples = speechSamples(name);
      expect(Math.round(samples.length / 16)).toBe(fixture.durationMs);
    }
  });

  it("refuses what is not 16-bit PCM WAV", () => {
    expect(() => readWav(new TextEncoder().encode("hello world, not a wav"))).toThrow("Not a WAV file");
    const wav = writeWav({ samples: new Int16Array(4), sampleRate: 8000 });
    new DataView(wav.buffer).setUint16(34, 8, true); // 8-bit
    expect(() => readWav(wav)).toThrow("Only 16-bit PCM WAV is supported");
  });
});
