"use client";
// Audio levels of the streams in a call (who is speaking): one AudioContext, an AnalyserNode per
// stream, read ten times a second. A level is 0–100 over −60…0 dBFS.

const FLOOR_DB = -60;
/** About −42 dBFS: quiet speech is above it, a silent or muted line is far below. */
export const SPEAKING_LEVEL = 30;

export class AudioLevels {
  private readonly context = new AudioContext();
  private readonly sources = new Map<string, { source: MediaStreamAudioSourceNode; analyser: AnalyserNode }>();
  private readonly buffer = new Float32Array(1024);
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onLevels: (levels: Record<string, number>) => void) {}

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
      this.sources.set(id, { source, analyser });
    }
    void this.context.resume().catch(() => {});
    this.timer ??= setInterval(() => this.measure(), 100);
  }

  private measure() {
    const levels: Record<string, number> = {};
    for (const [id, { analyser }] of this.sources) {
      analyser.getFloatTimeDomainData(this.buffer);
      let sum = 0;
      for (const s of this.buffer) sum += s * s;
      const db = 10 * Math.log10(sum / this.buffer.length || 1e-12);
      levels[id] = Math.round(Math.max(0, Math.min(100, ((db - FLOOR_DB) / -FLOOR_DB) * 100)));
    }
    this.onLevels(levels);
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    for (const { source } of this.sources.values()) source.disconnect();
    this.sources.clear();
    void this.context.close().catch(() => {});
  }
}
