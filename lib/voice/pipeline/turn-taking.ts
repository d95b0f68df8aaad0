import { VAD_BLOCK_MS, type VadBlock } from "../audio/vad.ts";
import type { SttEvent } from "../types.ts";
import { loudEnd } from "./loudness.ts";
import type { Responder } from "./responder.ts";
import type { Conversation } from "./session-context.ts";
import { SpeechSegmenter } from "./speech-segmenter.ts";
import type { Transcriber } from "./transcriber.ts";
import { TurnDetector, type UserTurn } from "./turn-detector.ts";
import { BARGE_IN_SPEECH_BLOCKS, BARGE_IN_WORDS, SPEECH_START_BLOCKS } from "./tuning.ts";
import { words } from "./words.ts";

export interface TurnTakingOptions extends Conversation {
  transcriber: Transcriber;
  responder: Responder;
  /** False once the session stops: turns still heard become transcript, not answers. */
  running: () => boolean;
}

type TurnOutcome = "echo" | "stopped" | "over_agent" | "no_wake_word" | "not_activated" | "busy" | "answered";

/**
 * The people's side of the conversation: their utterances as the VAD cuts them (sent to the STT),
 * their turns as the turn detector closes them, and what becomes of each turn — a transcript line,
 * and an answer when the activation gate admits it and the agent is free (docs/voice.md, "Activation
 * gate", "The agent's own voice"). A person talking over the agent interrupts it ("Barge-in"): 500 ms
 * of tagged speech, or enough words that are not the agent's own.
 */
export class TurnTaking {
  private readonly options: TurnTakingOptions;
  private readonly turns: TurnDetector;
  private segmenter = new SpeechSegmenter();
  /** Tagged speech blocks of the current utterance heard over the agent's voice (barge-in by VAD). */
  private overlapBlocks = 0;
  /** Capture time where the current utterance's sound last rose above −40 dBFS (for user_turn lines). */
  private loudEndMs: number | null = null;

  constructor(options: TurnTakingOptions) {
    this.options = options;
    const { now, log, transcriber } = options;
    this.turns = new TurnDetector({
      now,
      onTurn: (turn) => this.onTurn(turn),
      finalize: () => transcriber.finalize(),
      onNoWords: (startMs, endMs) => log("user_turn", { outcome: "no_words", speechEndAt: endMs, speechMs: Math.round(endMs - startMs) }),
    });
  }

  /** One scored VAD block (32 ms): utterances start and end, their audio goes to the STT. */
  block(block: VadBlock): void {
    const { transcriber, responder } = this.options;
    const step = this.segmenter.push(block);
    if (step.started) {
      // The blocks that made speech start count towards barge-in too (this one is counted below).
      this.overlapBlocks = responder.overAgent ? step.started.blocks.slice(-SPEECH_START_BLOCKS, -1).filter((b) => b.speakerId !== undefined).length : 0;
      this.turns.speechStarted(step.started.timeMs);
      for (const b of step.started.blocks) transcriber.send(b);
    } else if (step.inUtterance) transcriber.send(block);
    if (step.started) this.loudEndMs = null;
    if (step.inUtterance) {
      this.loudEndMs = loudEnd(block) ?? this.loudEndMs;
      this.turns.speechBlock(block.timeMs, VAD_BLOCK_MS, step.speech, block.speakerId);
      // Speech over the agent's voice; untagged audio might be that voice coming back, so only
      // tagged speech interrupts by VAD alone.
      if (step.speech && block.speakerId !== undefined && responder.overAgent) this.overlapBlocks++;
      if (this.overlapBlocks >= BARGE_IN_SPEECH_BLOCKS) this.bargeIn();
    }
    if (step.ended) {
      this.turns.speechEnded(step.ended.timeMs);
      transcriber.reportUsage();
    }
  }

  sttEvent(event: SttEvent): void {
    if (event.type === "end_of_turn") return this.turns.endOfTurn();
    const { now, echo, responder } = this.options;
    if (responder.overAgent && words(event.text).length >= BARGE_IN_WORDS) {
      const startMs = this.turns.pendingStartMs ?? now();
      if (!echo.isEcho(event.text, startMs, now())) this.bargeIn();
    }
    if (event.type === "final") this.turns.final(event.text, event.speakerId);
  }

  /** Time-outs: the turn's wait for words, the follow-up window. */
  tick(): void {
    this.turns.tick();
    this.options.gate.tick(this.options.now());
  }

  /**
   * Falling behind (docs/voice.md, "Catching up"): the utterance in progress is abandoned, so no
   * half-heard question is answered. Its audio is with the STT, whose words for it would still make
   * a turn, so that stream goes too and a new one listens from now on. True when a turn was dropped.
   */
  abandon(): boolean {
    const inUtterance = this.segmenter.inUtterance || this.turns.pendingStartMs !== null;
    const lost = this.turns.abandon();
    this.segmenter = new SpeechSegmenter();
    this.overlapBlocks = 0;
    if (inUtterance) this.options.transcriber.replace();
    if (lost) this.options.log("user_turn", { outcome: "behind", speechEndAt: lost.endMs, ...this.loudEndField(), words: words(lost.text).length });
    this.loudEndMs = null;
    return lost !== null;
  }

  /** The session stops: what was said up to now still becomes transcript. */
  flush(): void {
    this.turns.flush();
  }

  private onTurn(turn: UserTurn): void {
    const outcome = this.takeTurn(turn);
    // Every turn the agent heard and what became of it (never its words), so that a question left
    // unanswered can be explained from the log (bench:voice names the reason per turn).
    // loudEndAt: where the sound itself ended (by level, not by the VAD's model), which a listener
    // elsewhere in the call can measure alike: bench:voice times the way in and out with it.
    this.options.log("user_turn", {
      outcome,
      speechEndAt: turn.endMs,
      ...this.loudEndField(),
      words: words(turn.text).length,
      ...(outcome === "answered" ? { turnId: this.options.responder.lastTurnId } : {}),
    });
  }

  private takeTurn(turn: UserTurn): TurnOutcome {
    const { echo, emit, history, participants, responder, gate } = this.options;
    // The agent's own words coming back through the meeting: neither a transcript nor a question.
    if (echo.isEcho(turn.text, turn.startMs, turn.endMs)) return "echo";
    const speaker = participants.nameOf(turn.speakerId);
    emit({ type: "transcript", segment: { speaker, speakerId: turn.speakerId ?? null, isAgent: false, text: turn.text, startMs: turn.startMs, endMs: turn.endMs } });
    history.push({ speaker, isAgent: false, text: turn.text });
    if (!this.options.running()) return "stopped";
    if (responder.overAgent) {
      // Heard over the agent without interrupting it: a backchannel ("yeah", "right"), unless its
      // words only now arrive (transcription without interim results) and are enough to interrupt.
      if (!responder.interruptible || words(turn.text).length < BARGE_IN_WORDS) return "over_agent";
      this.bargeIn();
    }
    if (!gate.admits(turn.text, turn.startMs)) {
      const reason = gate.manualMode ? "not_activated" : "no_wake_word";
      emit({ type: "unanswered", reason, text: turn.text });
      return reason;
    }
    if (responder.replying) {
      if (!responder.interruptible) return "busy";
      // Still thinking about the previous turn: answer both together instead.
      responder.interrupt();
    }
    responder.answer(turn);
    return "answered";
  }

  /** A person talks over the agent: it stops, unless it is making an announcement. */
  private bargeIn(): void {
    this.overlapBlocks = 0;
    if (this.options.responder.interruptible) this.options.responder.interrupt();
  }

  private loudEndField(): { loudEndAt?: number } {
    return this.loudEndMs !== null ? { loudEndAt: Math.round(this.loudEndMs) } : {};
  }
}
