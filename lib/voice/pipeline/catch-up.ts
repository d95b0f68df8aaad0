import type { QueuedAudio } from "../audio/vad.ts";
import { INPUT_SAMPLE_RATE } from "../types.ts";
import { loudEnd } from "./loudness.ts";
import type { SessionContext } from "./session-context.ts";
import { BEHIND_LIMIT_MS, CAUGHT_UP_LAG_MS } from "./tuning.ts";

/** One episode of skipping, from falling behind until caught up. */
interface Skipping {
  /** How far behind the audio that started it was. */
  lagMs: number;
  /** Capture times of the first skipped audio and of the end of the last. */
  fromMs: number;
  toMs: number;
  skippedMs: number;
  /** A person's turn in progress was dropped unanswered, or the skipped audio had sound in it. */
  turnLost: boolean;
}

export interface CatchUpOptions extends SessionContext {
  /** Drops the audio waiting for the VAD and returns it, oldest first. */
  discardQueued: () => QueuedAudio[];
  /** Abandons the utterance in progress; true when a person's turn was dropped with it. */
  abandonUtterance: () => boolean;
  /** The session's time-outs, which keep running on skipped audio. */
  tick: () => void;
}

/**
 * Keeping up with the meeting (docs/voice.md, "Catching up"): audio about to be processed (a frame as
 * it is pushed, a VAD block when its turn to be scored comes) that was captured more than
 * BEHIND_LIMIT_MS before the session clock starts an episode of skipping: the VAD's queue and every
 * arriving frame are dropped, unheard, until audio arrives within CAUGHT_UP_LAG_MS of now. Each
 * episode is logged once; people are told when a turn may have been lost in it.
 */
export class CatchUp {
  private readonly now: () => number;
  private readonly options: CatchUpOptions;
  private skipping: Skipping | null = null;

  constructor(options: CatchUpOptions) {
    this.options = options;
    this.now = options.now;
  }

  /** False when the audio is dropped instead of processed: the session is too far behind. */
  inTime(audio: QueuedAudio): boolean {
    const lagMs = this.now() - audio.timeMs;
    if (!this.skipping) {
      if (lagMs <= BEHIND_LIMIT_MS) return true;
      this.start(lagMs, audio.timeMs);
    } else if (lagMs <= CAUGHT_UP_LAG_MS) {
      this.end(true);
      return true;
    }
    this.skip(audio);
    // Time-outs still run on the clock (a turn's wait for words, the follow-up window, a reply's end).
    this.options.tick();
    return false;
  }

  /** The session stops: an episode under way is logged, not caught up. */
  stop(): void {
    if (this.skipping) this.end(false);
  }

  private start(lagMs: number, fromMs: number): void {
    const skipping: Skipping = { lagMs, fromMs, toMs: fromMs, skippedMs: 0, turnLost: false };
    this.skipping = skipping;
    // Everything queued for the VAD is older still.
    for (const audio of this.options.discardQueued()) this.skip(audio);
    // No half-heard question is answered.
    if (this.options.abandonUtterance()) skipping.turnLost = true;
  }

  private skip(audio: QueuedAudio): void {
    const s = this.skipping!;
    const endMs = audio.timeMs + (audio.samples.length * 1000) / INPUT_SAMPLE_RATE;
    s.fromMs = Math.min(s.fromMs, audio.timeMs);
    s.toMs = Math.max(s.toMs, endMs);
    s.skippedMs += endMs - audio.timeMs;
    // Sound in what nobody will hear: someone may have asked something.
    if (!s.turnLost && loudEnd(audio) !== null) s.turnLost = true;
  }

  /** Caught up (or stopping): the episode is logged once, and people are told when a turn may have been lost. */
  private end(caughtUp: boolean): void {
    const s = this.skipping!;
    this.skipping = null;
    this.options.log("audio_skipped", {
      level: "warn",
      skippedMs: Math.round(s.skippedMs),
      lagMs: Math.round(s.lagMs),
      fromAt: Math.round(s.fromMs),
      toAt: Math.round(s.toMs),
      turnLost: s.turnLost,
      caughtUp,
    });
    if (caughtUp && s.turnLost) this.options.emit({ type: "unanswered", reason: "behind", text: "" });
  }
}
