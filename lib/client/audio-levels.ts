"use client";
// Audio levels of the streams in a call (who is speaking): one AudioContext, an AnalyserNode per
// stream, read ten times a second. A level is 0–100 over −60…0 dBFS, in steps of LEVEL_STEP.
// Listeners hear only changes: a silent room re-renders nothing, and a speaking one only when a
// meter moves a step or someone starts or stops speaking (the room page is React; a re-render of it
// ten times a second cost the person's browser and the bot's page more than the meters themselves).

const FLOOR_DB = -60;
/** About −42 dBFS: quiet speech is above it, a silent or muted line is far below. */
const SPEAKING_LEVEL = 30;
/** Meters move in steps this big: finer movement is invisible in a 4 rem bar. */
const LEVEL_STEP = 5;
/** A voice counts as speaking from the moment it is loud enough until it has been quiet this long,
 * so the highlight does not flicker between words. */
const SPEAKING_HOLD_MS = 400;
const READ_EVERY_MS = 100;

export type Level = { level: number; speaking: boolean };

export class AudioLevels {
  private readonly context = new AudioContext();
  private readonly sources = new Map<string, { source: MediaStreamAudioSourceNode; analyser: AnalyserNode; loudAt: number }>();
  private readonly buffer = new Float32Array(1024);
  private timer: ReturnType<typeof setInterval> | null = null;
  private last: Record<string, Level> = {};

  constructor(private readonly onLevels: (levels: Record<string, Level>) => void) {}

  /** Starts (or restarts) measuring `stream` under `id`; null stops measuring it. */
  set(id: string, stream: MediaStream | null) {
    const old = this.sources.get(id);
    if (old) {
      old.source.disconnect();
      this.sources.delete(id);
    }
    if (stream && stream.getAudioTracks().length > 0) {
      const source = this.context.createMediaStreamSource(stream);
      const analyser = this.context.createAnalyser();
      analyser.fftSize = 1024;
      source.connect(analyser);
      this.sources.set(id, { source, analyser, loudAt: -Infinity });
    }
    void this.context.resume().catch(() => {});
    this.timer ??= setInterval(() => this.measure(), READ_EVERY_MS);
  }

  private measure() {
    const now = performance.now();
    const levels: Record<string, Level> = {};
    let changed = Object.keys(this.last).length !== this.sources.size;
    for (const [id, entry] of this.sources) {
      entry.analyser.getFloatTimeDomainData(this.buffer);
      let sum = 0;
      for (const s of this.buffer) sum += s * s;
      const db = 10 * Math.log10(sum / this.buffer.length || 1e-12);
      const exact = Math.max(0, Math.min(100, ((db - FLOOR_DB) / -FLOOR_DB) * 100));
      if (exact >= SPEAKING_LEVEL) entry.loudAt = now;
      const level = { level: Math.round(exact / LEVEL_STEP) * LEVEL_STEP, speaking: now - entry.loudAt < SPEAKING_HOLD_MS };
      const before = this.last[id];
      if (!before || before.level !== level.level || before.speaking !== level.speaking) changed = true;
      levels[id] = level;
    }
    if (!changed) return;
    this.last = levels;
    this.onLevels(levels);
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    for (const { source } of this.sources.values()) source.disconnect();
    this.sources.clear();
    void this.context.close().catch(() => {});
  }
}
