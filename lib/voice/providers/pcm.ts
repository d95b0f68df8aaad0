import os from "node:os";

// Every provider speaks little-endian 16-bit PCM; so do the machines we run on, which lets audio cross
// without copying. A big-endian host would need swapping, and there is none among our targets.
if (os.endianness() !== "LE") throw new Error("Cohost's voice pipeline needs a little-endian CPU");

/** The samples' bytes as a Buffer view (no copy). */
export function pcmBytes(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** Turns a byte stream into whole samples; an odd byte waits for its other half in the next chunk. */
export class PcmDecoder {
  private carry: Buffer | null = null;

  decode(chunk: Buffer): Int16Array {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length & ~1;
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
    // Copied into a fresh, aligned buffer: a Buffer's offset may be odd and Int16Array needs even.
    const out = new Int16Array(whole >> 1);
    new Uint8Array(out.buffer).set(bytes.subarray(0, whole));
    return out;
  }
}

/** A mono 16-bit WAV file (RIFF header + data), what transcription endpoints take as an upload. */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, pcmBytes(samples)]);
}

/** Root mean square of a frame, in sample units (0…32768). */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

/** Joins frames into one array. */
export function concatPcm(frames: Int16Array[]): Int16Array {
  let length = 0;
  for (const f of frames) length += f.length;
  const out = new Int16Array(length);
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}
