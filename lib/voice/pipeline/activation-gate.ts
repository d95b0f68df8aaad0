import { FOLLOW_UP_MS } from "./tuning.ts";
import { containsWakeWord } from "./wake-word.ts";

/**
 * Decides which turns the agent answers. With manual activation: every turn while the meeting's
 * owner has it activated, none otherwise. With a wake word: a turn that contains it, and then any
 * turn that starts while the agent is engaged, i.e. while it replies and for FOLLOW_UP_MS after its
 * last reply ended; after that it listens for the wake word again.
 */
export class ActivationGate {
  private readonly wakeWord: string | null;
  private readonly manual: boolean;
  private readonly onChange: (active: boolean) => void;
  private manualOn = false;
  /** Wake-word mode: engaged until this session time (Infinity while replying). */
  private engagedUntil = -Infinity;
  private engaged = false;

  constructor(options: { wakeWord: string | null; manualActivation: boolean; onChange: (active: boolean) => void }) {
    this.wakeWord = options.wakeWord;
    this.manual = options.manualActivation || !options.wakeWord;
    this.onChange = options.onChange;
  }

  get manualMode(): boolean {
    return this.manual;
  }

  /** Manual activation: the owner has the agent activated now. */
  get manualActive(): boolean {
    return this.manualOn;
  }

  setManual(active: boolean): void {
    if (!this.manual || active === this.manualOn) return;
    this.manualOn = active;
    this.onChange(active);
  }

  /** Whether to answer this turn (and wake up when it carries the wake word). */
  admits(text: string, startMs: number): boolean {
    if (this.manual) return this.manualOn;
    if (this.wakeWord && containsWakeWord(text, this.wakeWord)) {
      this.engage(Infinity);
      return true;
    }
    return startMs <= this.engagedUntil;
  }

  /** A reply began: engaged for as long as it lasts. */
  replyStarted(): void {
    if (!this.manual) this.engage(Infinity);
  }

  /** The reply ended (played out or interrupted) at `atMs`: the follow-up window starts. */
  replyEnded(atMs: number): void {
    if (!this.manual) this.engagedUntil = atMs + FOLLOW_UP_MS;
  }

  /** Ends the follow-up window once it has run out. */
  tick(nowMs: number): void {
    if (this.engaged && nowMs > this.engagedUntil) {
      this.engaged = false;
      this.onChange(false);
    }
  }

  private engage(until: number): void {
    this.engagedUntil = until;
    if (!this.engaged) {
      this.engaged = true;
      this.onChange(true);
    }
  }
}
