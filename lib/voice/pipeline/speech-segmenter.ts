import { VAD_BLOCK_MS, type VadBlock } from "../audio/vad.ts";
import { PREROLL_BLOCKS, SPEECH_END_BLOCKS, SPEECH_START_BLOCKS, VAD_SILENCE_THRESHOLD, VAD_SPEECH_THRESHOLD } from "./tuning.ts";

export interface SegmentStep {
  /** Speech began: its capture time and the blocks to send to the STT first (pre-roll included). */
  started?: { timeMs: number; blocks: VadBlock[] };
  /** Speech ended: capture time of the end of the last speech block. */
  ended?: { timeMs: number };
  /** The block belongs to an utterance (speech or the pause that may still continue it). */
  inUtterance: boolean;
  /** The block itself is speech. */
  speech: boolean;
}

/**
 * Turns per-block speech probabilities into utterances, with hysteresis: speech starts after
 * SPEECH_START_BLOCKS speech blocks in a row and ends after SPEECH_END_BLOCKS blocks of silence.
 */
export class SpeechSegmenter {
  private speaking = false;
  private run = 0;
  private silence = 0;
  private lastSpeechEndMs = 0;
  /** The most recent blocks outside speech, sent ahead of the utterance when it starts. */
  private recent: VadBlock[] = [];

  /** Inside an utterance: speech, or the pause after it that may still continue it. */
  get inUtterance(): boolean {
    return this.speaking;
  }

  push(block: VadBlock): SegmentStep {
    if (!this.speaking) {
      this.recent.push(block);
      if (this.recent.length > PREROLL_BLOCKS + SPEECH_START_BLOCKS) this.recent.shift();
      this.run = block.probability >= VAD_SPEECH_THRESHOLD ? this.run + 1 : 0;
      if (this.run < SPEECH_START_BLOCKS) return { inUtterance: false, speech: false };
      this.speaking = true;
      this.silence = 0;
      this.lastSpeechEndMs = block.timeMs + VAD_BLOCK_MS;
      const blocks = this.recent;
      this.recent = [];
      return { started: { timeMs: blocks[blocks.length - SPEECH_START_BLOCKS].timeMs, blocks }, inUtterance: true, speech: true };
    }
    const speech = block.probability >= VAD_SILENCE_THRESHOLD;
    if (speech) {
      this.silence = 0;
      this.lastSpeechEndMs = block.timeMs + VAD_BLOCK_MS;
      return { inUtterance: true, speech };
    }
    this.silence++;
    if (this.silence < SPEECH_END_BLOCKS) return { inUtterance: true, speech };
    this.speaking = false;
    this.run = 0;
    return { ended: { timeMs: this.lastSpeechEndMs }, inUtterance: true, speech };
  }
}
