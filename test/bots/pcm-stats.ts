// Measurements of received PCM for the bridge tests.

/** Level of a frame in dBFS (−120 for digital silence). */
export function dbfs(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return sum === 0 ? -120 : 10 * Math.log10(sum / samples.length);
}

/** Frequency of a steady tone, from its zero crossings. */
export function toneHz(samples: Int16Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if ((samples[i - 1] < 0) !== (samples[i] < 0)) crossings++;
  return (crossings / 2) * (sampleRate / samples.length);
}

export function sine(freq: number, ms: number, sampleRate: number, amplitude = 0.5, phase0 = 0): Int16Array {
  const n = Math.round((sampleRate * ms) / 1000);
  return Int16Array.from({ length: n }, (_, i) => Math.round(amplitude * 32767 * Math.sin(phase0 + (2 * Math.PI * freq * i) / sampleRate)));
}

export function concat(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}
