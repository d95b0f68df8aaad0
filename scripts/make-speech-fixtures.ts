// `node scripts/make-speech-fixtures.ts`: synthesises the speech fixtures the pipeline tests and
// benches listen to (test/fixtures/speech/*.wav, 16 kHz mono) with eSpeak NG compiled to wasm
// (@echogarden/espeak-ng-emscripten, a dev dependency: no system binary). The files are committed,
// so tests never synthesise; rerun this only to change them. manifest.json records each file's text
// and where its speech starts and ends (the VAD measurements' ground truth).
import fs from "node:fs";
import path from "node:path";
import { resample } from "../lib/voice/audio/resample.ts";
import { writeWav } from "../lib/voice/audio/wav.ts";
import { INPUT_SAMPLE_RATE } from "../lib/voice/types.ts";

interface Fixture {
  name: string;
  text: string;
  /** eSpeak voice (+ variant: a different speaker). */
  voice: string;
}

const FIXTURES: Fixture[] = [
  { name: "hey-cohost-agenda", text: "Hey Cohost, what is on the agenda today?", voice: "gmw/en-US" },
  { name: "co-host-summarise", text: "Co-host, can you summarise?", voice: "gmw/en-US+f3" },
  { name: "no-wake-word", text: "I think we should move the launch to next Thursday.", voice: "gmw/en-GB-x-rp" },
  { name: "follow-up", text: "And who is presenting the budget?", voice: "gmw/en-US" },
  { name: "interruption", text: "Sorry to cut in, but the deadline moved to Friday, so please plan the review around that.", voice: "gmw/en-US+f3" },
  { name: "backchannel", text: "Yeah.", voice: "gmw/en-GB-x-rp" },
  { name: "three-sentences", text: "We reviewed the numbers. Revenue is up. Costs are flat.", voice: "gmw/en-US" },
  { name: "german-agenda", text: "Hey Cohost, was steht heute auf der Tagesordnung?", voice: "gmw/de" },
  { name: "seventeen-times-twenty-three", text: "Hey Cohost, what is seventeen times twenty-three?", voice: "gmw/en-US" },
];

/** Silence around each utterance, as in a meeting: VAD must find the onset and the end itself. */
const LEAD_MS = 500;
const TAIL_MS = 300;
const ESPEAK_RATE = 22_050;
/** A 10 ms window louder than this (−45 dBFS) counts as speech for the manifest's start and end. */
const SPEECH_RMS = 32768 * 10 ** (-45 / 20);

const outDir = path.join(import.meta.dirname, "../test/fixtures/speech");

async function synthesiser() {
  const { default: init } = await import("@echogarden/espeak-ng-emscripten");
  const espeak = await init();
  const worker = new espeak.eSpeakNGWorker();
  return (text: string, voice: string): Int16Array => {
    worker.set_voice(voice);
    const parts: Int16Array[] = [];
    worker.synthesize(text, (samples: Int16Array | null) => {
      if (samples?.length) parts.push(samples.slice());
    });
    const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
}

/** First and last 10 ms window above SPEECH_RMS, in ms. */
function speechBounds(samples: Int16Array, rate: number): { startMs: number; endMs: number } {
  const win = rate / 100;
  let first = -1;
  let last = -1;
  for (let i = 0; i + win <= samples.length; i += win) {
    let sum = 0;
    for (let j = i; j < i + win; j++) sum += samples[j] * samples[j];
    if (Math.sqrt(sum / win) > SPEECH_RMS) {
      if (first < 0) first = i;
      last = i + win;
    }
  }
  return { startMs: Math.round((first * 1000) / rate), endMs: Math.round((last * 1000) / rate) };
}

const speak = await synthesiser();
fs.mkdirSync(outDir, { recursive: true });
const manifest = [];
for (const f of FIXTURES) {
  const speech = resample(speak(f.text, f.voice), ESPEAK_RATE, INPUT_SAMPLE_RATE);
  const lead = (LEAD_MS * INPUT_SAMPLE_RATE) / 1000;
  const samples = new Int16Array(lead + speech.length + (TAIL_MS * INPUT_SAMPLE_RATE) / 1000);
  samples.set(speech, lead);
  fs.writeFileSync(path.join(outDir, `${f.name}.wav`), writeWav({ samples, sampleRate: INPUT_SAMPLE_RATE }));
  const bounds = speechBounds(samples, INPUT_SAMPLE_RATE);
  manifest.push({ file: `${f.name}.wav`, text: f.text, voice: f.voice, durationMs: Math.round((samples.length * 1000) / INPUT_SAMPLE_RATE), ...bounds });
  console.log(`${f.name}.wav ${bounds.startMs}–${bounds.endMs} ms: ${f.text}`);
}
fs.writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
