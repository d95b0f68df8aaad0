// WAV (RIFF, 16-bit PCM) in and out: the speech fixtures and debugging dumps.

export interface Wav {
  samples: Int16Array;
  sampleRate: number;
}

/** Reads 16-bit PCM WAV; several channels are averaged to mono. */
export function readWav(bytes: Uint8Array): Wav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("Not a WAV file");
  let format: { channels: number; sampleRate: number; bits: number; code: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      format = { code: view.getUint16(body, true), channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === "data") {
      if (!format) throw new Error("WAV data before its format");
      if ((format.code !== 1 && format.code !== 0xfffe) || format.bits !== 16) throw new Error("Only 16-bit PCM WAV is supported");
      const frames = Math.floor(Math.min(size, bytes.length - body) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++) sum += view.getInt16(body + (i * format.channels + c) * 2, true);
        samples[i] = Math.round(sum / format.channels);
      }
      return { samples, sampleRate: format.sampleRate };
    }
    at = body + size + (size % 2); // chunks are word-aligned
  }
  throw new Error("WAV file has no data");
}

/** Writes mono 16-bit PCM WAV. */
export function writeWav({ samples, sampleRate }: Wav): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const put = (at: number, text: string) => bytes.set(Array.from(text, (c) => c.charCodeAt(0)), at);
  put(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  put(8, "WAVE");
  put(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  put(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i], true);
  return bytes;
}
