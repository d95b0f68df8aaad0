import { describe, expect, it } from "vitest";
import { loadVadModel, StreamingVad, type VadBlock } from "../../../lib/voice/audio/vad.ts";
import { SpeechSegmenter } from "../../../lib/voice/pipeline/speech-segmenter.ts";
import { SPEECH, speechSamples } from "../pipeline/speech.ts";

interface Utterance {
  startMs: number;
  endMs: number;
}

/** Runs audio through the real Silero model and the segmenter, in 20 ms frames as a bridge sends them. */
async function utterances(samples: Int16Array): Promise<Utterance[]> {
  const segmenter = new SpeechSegmenter();
  const found: Utterance[] = [];
  let open: number | null = null;
  const vad = new StreamingVad(await loadVadModel(), (block: VadBlock) => {
    const step = segmenter.push(block);
    if (step.started) open = step.started.timeMs;
    if (step.ended && open !== null) {
      found.push({ startMs: open, endMs: step.ended.timeMs });
      open = null;
    }
  }, (err) => {
    throw err;
  });
  for (let i = 0; i < samples.length; i += 320) vad.push(samples.subarray(i, i + 320), i / 16);
  await vad.drain();
  return found;
}

/** The fixture followed by a second of silence, so its end of speech is heard. */
function withSilence(samples: Int16Array): Int16Array {
  const out = new Int16Array(samples.length + 16_000);
  out.set(samples);
  return out;
}

/** Deterministic white noise of the given RMS level. */
function whiteNoise(length: number, rms: number): Float64Array {
  let seed = 7;
  const random = () => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
  return Float64Array.from({ length }, () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) * rms);
}

/** The samples with white noise `snrDb` below their speech level. */
function addNoise(samples: Int16Array, snrDb: number): Int16Array {
  const loud = samples.filter((s) => Math.abs(s) > 300);
  const speechRms = Math.sqrt(loud.reduce((n, s) => n + s * s, 0) / loud.length);
  const noise = whiteNoise(samples.length, speechRms / 10 ** (snrDb / 20));
  return samples.map((s, i) => Math.max(-32768, Math.min(32767, Math.round(s + noise[i]))));
}

describe("voice activity detection on the speech fixtures", () => {
  it.each(["hey-cohost-agenda", "co-host-summarise", "no-wake-word", "follow-up", "interruption", "german-agenda"])(
    "%s is one utterance where the speech is",
    async (name) => {
      const found = await utterances(withSilence(speechSamples(name)));
      expect(found).toHaveLength(1);
      expect(Math.abs(found[0].startMs - SPEECH[name].startMs)).toBeLessThanOrEqual(100);
      expect(Math.abs(found[0].endMs - SPEECH[name].endMs)).toBeLessThanOrEqual(150);
    },
  );

  it("keeps sentence pauses inside one utterance", async () => {
    expect(await utterances(withSilence(speechSamples("three-sentences")))).toHaveLength(1);
  });

  it("hears a short backchannel as a short utterance", async () => {
    const [yeah] = await utterances(withSilence(speechSamples("backchannel")));
    expect(yeah.endMs - yeah.startMs).toBeLessThan(500);
  });

  it("still finds the utterance in white noise at 10 dB SNR", async () => {
    const found = await utterances(addNoise(withSilence(speechSamples("hey-cohost-agenda")), 10));
    expect(found).toHaveLength(1);
    expect(Math.abs(found[0].startMs - SPEECH["hey-cohost-agenda"].startMs)).toBeLessThanOrEqual(150);
  });

  it("hears nothing in silence or in noise alone", async () => {
    expect(await utterances(new Int16Array(48_000))).toEqual([]);
    // As loud as the fixtures' speech (0 dB SNR had there been any).
    expect(await utterances(Int16Array.from(whiteNoise(48_000, 3000), Math.round))).toEqual([]);
  });
});

describe("catching up (the session drops what it is too late for)", () => {
  /** Scores `samples` (20 ms frames stamped from `fromMs`) and returns each block's time and probability. */
  async function scores(vad: StreamingVad, got: VadBlock[], samples: Int16Array, fromMs: number): Promise<[number, number][]> {
    got.length = 0;
    for (let i = 0; i < samples.length; i += 320) vad.push(samples.subarray(i, i + 320), fromMs + i / 16);
    await vad.drain();
    return got.map((b) => [b.timeMs, b.probability]);
  }

  it("drops the queue and the block being filled, and goes on as a fresh stream", async () => {
    const model = await loadVadModel();
    const got: VadBlock[] = [];
    const vad = new StreamingVad(model, (b) => got.push(b), (err) => {
      throw err;
    });
    const speech = speechSamples("hey-cohost-agenda");
    // Half a second is scored (15 blocks: the model's state has moved on)…
    expect(await scores(vad, got, speech.subarray(0, 8000), 0)).toHaveLength(15);
    // …then the next second, queued (31 blocks and 28 ms of the next), is dropped unscored, oldest first.
    got.length = 0;
    for (let i = 8000; i < 24_000; i += 320) vad.push(speech.subarray(i, i + 320), i / 16);
    const dropped = vad.discard();
    expect(dropped.map((a) => [a.timeMs, a.samples.length])).toEqual([...Array.from({ length: 31 }, (_, k) => [480 + k * 32, 512]), [1472, 448]]);
    await vad.drain();
    expect(got).toEqual([]);

    // What follows scores exactly as on a stream that never heard the dropped audio.
    const after = await scores(vad, got, speech, 5000);
    const fresh = await scores(new StreamingVad(model, (b) => got.push(b), () => {}), got, speech, 5000);
    expect(after).toEqual(fresh);
    expect(after.some(([, p]) => p > 0.5)).toBe(true);
  });

  it("asks before scoring each block, and a block it is too late for is never scored", async () => {
    const got: VadBlock[] = [];
    const asked: number[] = [];
    const vad = new StreamingVad(await loadVadModel(), (b) => got.push(b), (err) => {
      throw err;
    }, (block) => (asked.push(block.timeMs), block.timeMs < 64));
    vad.push(new Int16Array(512 * 4), 0);
    await vad.drain();
    expect(asked).toEqual([0, 32, 64, 96]);
    expect(got.map((b) => b.timeMs)).toEqual([64, 96]);
  });
});
