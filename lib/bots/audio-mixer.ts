import { INPUT_SAMPLE_RATE, type PcmFrame } from "../voice/types.ts";

// The bridge hears each remote voice as its own stream of 16 kHz frames, and stops sending a voice
// a second after it went digitally silent; the voice session wants one continuous stream (its
// time-outs advance with the audio). The mixer lays every frame on one timeline by its capture time, sums overlapping
// voices, and emits fixed frames at real-time pace — silence where nobody sent anything — each tagged
// with the voice that carried most of its energy.
//
// A frame goes out as soon as every voice that is streaming has delivered its audio for that time;
// only when one of them is behind (or nobody streams) does the mixer wait out `delayMs` for late
// frames. Every millisecond held here is a millisecond of the agent's reply latency: waiting the
// full delay on every frame cost each reply ~50 ms (bench:voice).

export interface MixerOptions {
  /** Output frame length. */
  frameMs?: number;
  /**
   * How long to wait for a streaming voice that is behind, or for frames of a voice that is not
   * streaming, before a slot is emitted anyway (capture and transport jitter). A voice that sent
   * nothing for this long is not streaming (it went silent).
   */
  delayMs?: number;
  /** The clock frames' timeMs are on. */
  now?: () => number;
  onFrame(frame: PcmFrame): void;
}

/**
 * Audio stamped further than this ahead of the clock is a clock error (nothing is captured in the
 * future): it is dropped instead of held, possibly for ever, in slots the cursor never reaches.
 */
const MAX_AHEAD_MS = 1000;

/** Below this mean square (about −50 dBFS) a slot's loudest voice is not named as its speaker. */
const SPEAKER_MIN_POWER = 100;

interface Slot {
  sum: Float32Array;
  power: Map<string, number>;
}

export class AudioMixer {
  private readonly frameSamples: number;
  private readonly frameMs: number;
  private readonly delayMs: number;
  private readonly now: () => number;
  private readonly onFrame: (frame: PcmFrame) => void;
  private readonly slots = new Map<number, Slot>();
  /** The next slot to emit. */
  private cursor: number | null = null;
  /** Per voice: where its audio so far ends (ms), and when its last frame arrived. */
  private readonly voices = new Map<string, { coveredMs: number; seenAt: number }>();
  private timer: NodeJS.Timeout | null = null;
  /** Samples that arrived after their slot had gone out (a measure of jitter beyond delayMs). */
  lateSamples = 0;
  /** Samples dropped for being stamped too far ahead of the clock. */
  earlySamples = 0;

  constructor(opts: MixerOptions) {
    this.frameMs = opts.frameMs ?? 20;
    this.frameSamples = (INPUT_SAMPLE_RATE * this.frameMs) / 1000;
    this.delayMs = opts.delayMs ?? 60;
    this.now = opts.now ?? (() => performance.now());
    this.onFrame = opts.onFrame;
  }

  private slotAt(ms: number): number {
    return Math.floor(ms / this.frameMs);
  }

  /**
   * Lays a frame on the timeline. Until the clock starts (the first flush, at admission) frames are
   * dropped: nobody listens yet, and a bot waiting ten minutes in a lobby would otherwise hold every
   * frame of them.
   */
  push(frame: PcmFrame): void {
    if (frame.sampleRate !== INPUT_SAMPLE_RATE || this.cursor === null) return;
    const lastSlot = this.slotAt(this.now() + MAX_AHEAD_MS);
    const endMs = frame.timeMs + (frame.samples.length * 1000) / INPUT_SAMPLE_RATE;
    const voice = this.voices.get(frame.speakerId ?? "");
    const coveredMs = Math.min(Math.max(endMs, voice?.coveredMs ?? -Infinity), this.now() + MAX_AHEAD_MS);
    this.voices.set(frame.speakerId ?? "", { coveredMs, seenAt: this.now() });
    let pos = Math.round((frame.timeMs * INPUT_SAMPLE_RATE) / 1000);
    for (let i = 0; i < frame.samples.length; ) {
      const index = Math.floor(pos / this.frameSamples);
      const offset = pos - index * this.frameSamples;
      const n = Math.min(this.frameSamples - offset, frame.samples.length - i);
      if (index < this.cursor) {
        this.lateSamples += n;
      } else if (index > lastSlot) {
        this.earlySamples += n;
      } else {
        let slot = this.slots.get(index);
        if (!slot) this.slots.set(index, (slot = { sum: new Float32Array(this.frameSamples), power: new Map() }));
        let energy = 0;
        for (let k = 0; k < n; k++) {
          const v = frame.samples[i + k];
          slot.sum[offset + k] += v;
          energy += v * v;
        }
        const speaker = frame.speakerId ?? "";
        slot.power.set(speaker, (slot.power.get(speaker) ?? 0) + energy / this.frameSamples);
      }
      i += n;
      pos += n;
    }
  }

  /**
   * Slots before this one are complete: every voice that is streaming has delivered past them (none
   * when nobody streams). Never a slot that has not ended yet.
   */
  private completeUntil(now: number): number {
    let covered = Infinity;
    for (const [speaker, voice] of this.voices) {
      if (now - voice.seenAt > this.delayMs) this.voices.delete(speaker);
      else covered = Math.min(covered, voice.coveredMs);
    }
    return covered === Infinity ? -Infinity : Math.min(this.slotAt(covered), this.slotAt(now));
  }

  /** Emits every slot that is complete or whose time (plus the jitter delay) has passed. */
  flush(): void {
    const now = this.now();
    const waited = this.slotAt(now - this.delayMs);
    // The first flush starts the clock; audio from before it is not waited for.
    if (this.cursor === null) this.cursor = waited;
    const due = Math.max(waited, this.completeUntil(now));
    while (this.cursor < due) {
      const index = this.cursor++;
      const slot = this.slots.get(index);
      this.slots.delete(index);
      const samples = new Int16Array(this.frameSamples);
      let speakerId: string | undefined;
      if (slot) {
        for (let k = 0; k < samples.length; k++) samples[k] = Math.max(-32768, Math.min(32767, Math.round(slot.sum[k])));
        let best = SPEAKER_MIN_POWER;
        for (const [speaker, power] of slot.power) {
          if (power > best && speaker) {
            best = power;
            speakerId = speaker;
          }
        }
      }
      this.onFrame({ samples, sampleRate: INPUT_SAMPLE_RATE, timeMs: index * this.frameMs, ...(speakerId ? { speakerId } : {}) });
    }
    // Anything left far behind the cursor can never be emitted.
    for (const index of this.slots.keys()) if (index < this.cursor) this.slots.delete(index);
  }

  /** Starts the clock: frames from now on are mixed and emitted at real-time pace. */
  start(): void {
    if (this.timer) return;
    this.flush();
    this.timer = setInterval(() => this.flush(), this.frameMs / 2);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.cursor = null;
    this.slots.clear();
    this.voices.clear();
  }
}
