import type { PcmFrame } from "../../types.ts";

const MAX_MARKS = 512;

/**
 * Streaming STT providers time words from the first byte of their connection; the pipeline times
 * frames on the session clock. This maps one to the other across gaps in the audio (the pipeline may
 * not push silence) and across reconnects (each restarts the provider's clock at zero).
 */
export class StreamClock {
  private marks: { streamMs: number; sessionMs: number }[] = [];
  private streamMs = 0;
  private expected: number | null = null;

  /** A frame is about to be sent on the current connection. */
  sent(frame: PcmFrame): void {
    const ms = (frame.samples.length * 1000) / frame.sampleRate;
    if (this.expected === null || Math.abs(frame.timeMs - this.expected) > 20) {
      this.marks.push({ streamMs: this.streamMs, sessionMs: frame.timeMs });
      if (this.marks.length > MAX_MARKS) this.marks.shift();
    }
    this.streamMs += ms;
    this.expected = frame.timeMs + ms;
  }

  /** Audio that is not the session's (keep-alive silence) went out: the provider's clock moved on. */
  advance(ms: number): void {
    this.streamMs += ms;
    this.expected = null;
  }

  /** A new connection: the provider's clock starts again. */
  restart(): void {
    this.marks = [];
    this.streamMs = 0;
    this.expected = null;
  }

  toSession(streamMs: number): number {
    for (let i = this.marks.length - 1; i >= 0; i--) {
      const mark = this.marks[i];
      if (mark.streamMs <= streamMs) return Math.round(mark.sessionMs + (streamMs - mark.streamMs));
    }
    return Math.round(this.marks[0] ? this.marks[0].sessionMs + streamMs : streamMs);
  }
}
