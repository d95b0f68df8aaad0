import type { AudioSink } from "../types.ts";

/** Speech rate when a reply has no finished sentence to measure it by (~14 characters a second). */
const TYPICAL_MS_PER_CHAR = 70;

interface Span {
  /** Index of the sentence this audio speaks. */
  sentence: number;
  startMs: number;
  endMs: number;
}

/**
 * Where the agent's voice is in time. The sink queues audio for gap-free playout, so a chunk starts
 * when the previous one ends, or now if the queue ran dry; knowing each chunk's sentence, we know at
 * any moment which sentence is being heard and how far into it, which is what an interruption
 * keeps of the reply.
 */
export class Playout {
  private readonly sink: AudioSink;
  private readonly now: () => number;
  private spans: Span[] = [];
  /** Sentences whose audio is complete. */
  private complete = new Set<number>();
  private queueEndMs = -Infinity;
  private firstMs: number | null = null;

  constructor(sink: AudioSink, now: () => number) {
    this.sink = sink;
    this.now = now;
  }

  /** When the first audio was handed to the sink (null before). */
  get startedAt(): number | null {
    return this.firstMs;
  }

  /** When everything handed to the sink will have been heard. */
  get endsAt(): number {
    return this.queueEndMs;
  }

  play(samples: Int16Array, sampleRate: number, sentence: number): void {
    if (!samples.length) return;
    const now = this.now();
    const startMs = Math.max(now, this.queueEndMs);
    const endMs = startMs + (samples.length * 1000) / sampleRate;
    this.firstMs ??= now;
    this.queueEndMs = endMs;
    const last = this.spans[this.spans.length - 1];
    if (last && last.sentence === sentence && last.endMs === startMs) last.endMs = endMs;
    else this.spans.push({ sentence, startMs, endMs });
    this.sink.play(samples, sampleRate);
  }

  /** All of a sentence's audio has been handed over. */
  sentenceDone(sentence: number): void {
    this.complete.add(sentence);
  }

  /** Stops the voice now: the sink drops what it has queued. */
  clear(): void {
    this.sink.clear();
    this.queueEndMs = Math.min(this.queueEndMs, this.now());
  }

  /**
   * What the meeting has heard of `sentences` by `atMs`: the sentences played in full, then the
   * played share of the current one, cut back to a whole word. The share of a sentence whose audio
   * is still arriving is estimated from the speaking rate of the sentences before it (or a typical
   * 70 ms per character): its length is not known yet.
   */
  heard(sentences: readonly string[], atMs: number): string {
    const out: string[] = [];
    let knownMs = 0;
    let knownChars = 0;
    for (let i = 0; i < sentences.length; i++) {
      const sentence = sentences[i];
      const spans = this.spans.filter((s) => s.sentence === i);
      const total = spans.reduce((n, s) => n + s.endMs - s.startMs, 0);
      if (!total) break;
      const played = spans.reduce((n, s) => n + Math.max(0, Math.min(atMs, s.endMs) - s.startMs), 0);
      const done = this.complete.has(i);
      if (done && played >= total) {
        out.push(sentence);
        knownMs += total;
        knownChars += sentence.length;
        continue;
      }
      const msPerChar = knownChars ? knownMs / knownChars : TYPICAL_MS_PER_CHAR;
      const cut = Math.min(sentence.length, Math.floor(done ? (sentence.length * played) / total : played / msPerChar));
      // Keep only words that were finished: back to the last space unless the cut falls on one.
      const whole = /\s/.test(sentence[cut] ?? " ") ? sentence.slice(0, cut) : sentence.slice(0, Math.max(0, sentence.lastIndexOf(" ", cut)));
      if (whole.trim()) out.push(whole.trim());
      break;
    }
    return out.join(" ");
  }
}
