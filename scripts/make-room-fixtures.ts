// Writes the audio fixtures of the test-room and audio-bridge tests (committed; run again only to
// change them): `node scripts/make-room-fixtures.ts`.
//   test/fixtures/room/speech-like.wav  4 s, 16 kHz mono: 0.5 s silence, 2.5 s of synthetic
//                                       syllables (a glottal pulse train through vowel formants,
//                                       with syllable envelopes and pauses), 1 s silence.
//   test/fixtures/room/silence.wav      1 s of digital silence (a person who says nothing).
// Chromium's --use-file-for-fake-audio-capture loops a file, so a fake microphone "speaks" 2.5 s of
// every 4 s. No speech synthesiser is needed: only the energy pattern of speech matters here.
import fs from "node:fs";
import path from "node:path";

const RATE = 16_000;
const OUT = path.resolve(import.meta.dirname, "../test/fixtures/room");

export const SPEECH_LIKE = { totalMs: 4000, speechStartMs: 500, speechMs: 2500, syllableMs: 180, pauseMs: 70 };

// Formants (Hz) of a few vowels: /a/, /i/, /u/, /e/, /o/.
const VOWELS = [
  [730, 1090, 2440],
  [270, 2290, 3010],
  [300, 870, 2240],
  [530, 1840, 2480],
  [570, 840, 2410],
];

function wav(samples: Int16Array): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Two-pole resonator (a formant) as a filter over a block. */
function resonate(input: Float64Array, freq: number, bandwidth: number): Float64Array {
  const r = Math.exp((-Math.PI * bandwidth) / RATE);
  const a1 = 2 * r * Math.cos((2 * Math.PI * freq) / RATE);
  const a2 = -r * r;
  const gain = 1 - r;
  const out = new Float64Array(input.length);
  for (let i = 0; i < input.length; i++) out[i] = gain * input[i] + a1 * (out[i - 1] ?? 0) + a2 * (out[i - 2] ?? 0);
  return out;
}

function speechLike(): Int16Array {
  const { totalMs, speechStartMs, speechMs, syllableMs, pauseMs } = SPEECH_LIKE;
  const signal = new Float64Array((RATE * totalMs) / 1000);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const syllableLen = (RATE * syllableMs) / 1000;
  let at = (RATE * speechStartMs) / 1000;
  const end = at + (RATE * speechMs) / 1000;
  for (let n = 0; at + syllableLen <= end; n++) {
    const [f1, f2, f3] = VOWELS[n % VOWELS.length];
    const f0 = 110 + 50 * random();
    const source = new Float64Array(syllableLen);
    // A falling pitch over the syllable, as in speech.
    for (let i = 0, next = 0; i < syllableLen; i++) {
      if (i >= next) {
        source[i] = 1;
        next = i + RATE / (f0 * (1 - (0.15 * i) / syllableLen));
      }
    }
    const voiced = [resonate(source, f1, 90), resonate(source, f2, 110), resonate(source, f3, 170)];
    for (let i = 0; i < syllableLen; i++) {
      const envelope = Math.sin((Math.PI * i) / syllableLen) ** 0.6;
      signal[at + i] = envelope * (voiced[0][i] + 0.6 * voiced[1][i] + 0.3 * voiced[2][i]);
    }
    at += syllableLen + Math.round((RATE * pauseMs * (0.6 + 0.8 * random())) / 1000);
  }
  const peak = signal.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  // Peak at −6 dBFS, like normal speech into a microphone.
  return Int16Array.from(signal, (s) => Math.round((s / peak) * 0.5 * 32767));
}

if (import.meta.main) {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, "speech-like.wav"), wav(speechLike()));
  fs.writeFileSync(path.join(OUT, "silence.wav"), wav(new Int16Array(RATE)));
  console.log(`wrote ${OUT}/speech-like.wav and silence.wav`);
}
