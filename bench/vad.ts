// `npm run bench:vad`: the pipeline's VAD (Silero v5 on onnxruntime-node) on the speech fixtures,
// clean and mixed with white, pink and mains-hum noise at 20/10/5 dB SNR, with 2 s of silence
// between utterances. Prints JSON per condition: speech-frame recall, false-positive rate on
// non-speech frames, utterances found (of how many) and CPU ms per second of audio. The ground
// truth is the clean fixture's energy (10 ms windows above −45 dBFS, gaps under 150 ms filled).
// `npm run bench:vad -- --webrtc` measures WebRTC VAD (libfvad compiled to wasm, the dev dependency
// @echogarden/fvad-wasm) the same way, in modes 0, 2 and 3 on 30 ms frames, for the comparison in
// docs/voice.md.
import fs from "node:fs";
import path from "node:path";
import { loadVadModel, StreamingVad, VAD_BLOCK_SAMPLES, type VadBlock } from "../lib/voice/audio/vad.ts";
import { readWav } from "../lib/voice/audio/wav.ts";
import { SpeechSegmenter } from "../lib/voice/pipeline/speech-segmenter.ts";

const dir = path.join(import.meta.dirname, "../test/fixtures/speech");
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as { file: string }[];

// Deterministic noise, so every run measures the same audio.
let seed = 12_345;
const random = () => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
const gauss = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
const noises: Record<string, (n: number) => Float64Array> = {
  white: (n) => Float64Array.from({ length: n }, gauss),
  pink: (n) => {
    // Paul Kellet's filter: -3 dB/octave, the spectrum of most room and fan noise.
    const b = [0, 0, 0, 0, 0, 0, 0];
    return Float64Array.from({ length: n }, () => {
      const w = gauss();
      b[0] = 0.99886 * b[0] + w * 0.0555179;
      b[1] = 0.99332 * b[1] + w * 0.0750759;
      b[2] = 0.969 * b[2] + w * 0.153852;
      b[3] = 0.8665 * b[3] + w * 0.3104856;
      b[4] = 0.55 * b[4] + w * 0.5329522;
      b[5] = -0.7616 * b[5] - w * 0.016898;
      const out = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + w * 0.5362;
      b[6] = w * 0.115926;
      return out;
    });
  },
  hum: (n) => Float64Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 50 * i) / 16_000) + 0.5 * Math.sin((2 * Math.PI * 150 * i) / 16_000) + 0.1 * gauss()),
};

// The corpus: every fixture, then 2 s of silence; per-sample truth from the clean signal.
const parts: Int16Array[] = [];
const truthParts: Uint8Array[] = [];
for (const { file } of manifest) {
  const samples = readWav(fs.readFileSync(path.join(dir, file))).samples;
  const windows: number[] = [];
  for (let i = 0; i + 160 <= samples.length; i += 160) {
    let sum = 0;
    for (let j = i; j < i + 160; j++) sum += samples[j] * samples[j];
    windows.push(Math.sqrt(sum / 160) > 32768 * 10 ** (-45 / 20) ? 1 : 0);
  }
  let last = -1;
  windows.forEach((w, k) => {
    if (!w) return;
    if (last >= 0 && k - last < 15) windows.fill(1, last, k);
    last = k;
  });
  const truth = new Uint8Array(samples.length);
  windows.forEach((w, k) => w && truth.fill(1, k * 160, (k + 1) * 160));
  parts.push(samples, new Int16Array(32_000));
  truthParts.push(truth, new Uint8Array(32_000));
}
const clean = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
const truth = new Uint8Array(clean.length);
for (let i = 0, at = 0; i < parts.length; at += parts[i].length, i++) {
  clean.set(parts[i], at);
  truth.set(truthParts[i], at);
}
const speechRms = Math.sqrt(clean.reduce((n, s, i) => n + (truth[i] ? s * s : 0), 0) / truth.reduce((n, t) => n + t, 0));

function mix(kind: string | null, snrDb: number): Int16Array {
  if (!kind) return clean;
  const noise = noises[kind](clean.length);
  const noiseRms = Math.sqrt(noise.reduce((n, x) => n + x * x, 0) / noise.length);
  const scale = speechRms / noiseRms / 10 ** (snrDb / 20);
  return clean.map((s, i) => Math.max(-32768, Math.min(32767, Math.round(s + noise[i] * scale))));
}

const CONDITIONS = [[null, 0], ["white", 20], ["white", 10], ["white", 5], ["pink", 10], ["pink", 5], ["hum", 10]] as const;
const conditionName = (kind: string | null, snr: number) => (kind ? `${kind} ${snr} dB` : "clean");

/** Speech recall and false-positive rate of per-frame decisions against the truth. */
function score(decisions: boolean[], frameSamples: number) {
  let tp = 0, fn = 0, fp = 0, tn = 0;
  decisions.forEach((said, k) => {
    let speech = 0;
    for (let i = k * frameSamples; i < (k + 1) * frameSamples; i++) speech += truth[i];
    if (speech > frameSamples / 2) {
      if (said) tp++;
      else fn++;
    } else if (said) fp++;
    else tn++;
  });
  return { speech_recall: Number((tp / (tp + fn)).toFixed(3)), false_positive_rate: Number((fp / (fp + tn)).toFixed(3)) };
}

/** WebRTC VAD (libfvad in wasm): 30 ms frames at 16 kHz, each mode on every condition. */
async function webrtcVad() {
  const { default: load } = await import("@echogarden/fvad-wasm");
  const fvad = await load();
  const FRAME = 480;
  const results = [];
  for (const mode of [3, 2, 0]) {
    for (const [kind, snr] of CONDITIONS) {
      const audio = mix(kind, snr);
      const instance = fvad._fvad_new();
      if (fvad._fvad_set_mode(instance, mode) !== 0 || fvad._fvad_set_sample_rate(instance, 16_000) !== 0) throw new Error("fvad refused its settings");
      const buffer = fvad._malloc(FRAME * 2);
      const decisions: boolean[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i + FRAME <= audio.length; i += FRAME) {
        fvad.HEAP16.set(audio.subarray(i, i + FRAME), buffer >> 1);
        const said = fvad._fvad_process(instance, buffer, FRAME);
        if (said < 0) throw new Error("fvad could not process a frame");
        decisions.push(said === 1);
      }
      const used = process.cpuUsage(cpu);
      fvad._free(buffer);
      fvad._fvad_free(instance);
      results.push({ mode, condition: conditionName(kind, snr), ...score(decisions, FRAME), cpu_ms_per_audio_s: Number(((used.user + used.system) / 1000 / (audio.length / 16_000)).toFixed(2)) });
    }
  }
  return results;
}

if (process.argv.includes("--webrtc")) {
  console.log(JSON.stringify({ vad: "webrtc-vad (libfvad, @echogarden/fvad-wasm)", frame_ms: 30, audio_s: Number((clean.length / 16_000).toFixed(1)), results: await webrtcVad() }, null, 2));
  process.exit(0);
}

const model = await loadVadModel();
const results = [];
for (const [kind, snr] of CONDITIONS) {
  const audio = mix(kind, snr);
  const blocks: VadBlock[] = [];
  let utterances = 0;
  const segmenter = new SpeechSegmenter();
  const vad = new StreamingVad(model, (b) => {
    blocks.push(b);
    if (segmenter.push(b).started) utterances++;
  }, (err) => {
    throw err;
  });
  const cpu = process.cpuUsage();
  for (let i = 0; i < audio.length; i += 320) vad.push(audio.subarray(i, i + 320), i / 16);
  await vad.drain();
  const used = process.cpuUsage(cpu);
  results.push({
    condition: conditionName(kind, snr),
    ...score(blocks.map((b) => b.probability >= 0.5), VAD_BLOCK_SAMPLES),
    utterances_found: utterances,
    utterances: manifest.length,
    cpu_ms_per_audio_s: Number(((used.user + used.system) / 1000 / (audio.length / 16_000)).toFixed(2)),
  });
}
console.log(JSON.stringify({ vad: "silero-v5 (onnxruntime-node, 1 thread)", audio_s: Number((clean.length / 16_000).toFixed(1)), results }, null, 2));
