// Conversions between the pipeline's 16-bit PCM and the float samples DSP code works on.

export function int16ToFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] / 32768;
  return out;
}

export function float32ToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = Math.round(s * 32767);
  }
  return out;
}

export function concatInt16(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Duration in ms of `sampleCount` samples at `sampleRate`. */
export function samplesToMs(sampleCount: number, sampleRate: number): number {
  return (sampleCount * 1000) / sampleRate;
}

/** Splits PCM into frames of `frameMs` (the last one may be shorter), as a browser bridge would send them. */
export function* frames(samples: Int16Array, sampleRate: number, frameMs: number): Generator<Int16Array> {
  const size = Math.round((sampleRate * frameMs) / 1000);
  for (let i = 0; i < samples.length; i += size) yield samples.subarray(i, i + size);
}
