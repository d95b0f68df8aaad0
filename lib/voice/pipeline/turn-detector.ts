import { FINAL_GRACE_MS, FINAL_TIMEOUT_MS } from "./tuning.ts";

/** One person's turn, complete: what they said and when. */
export interface UserTurn {
  text: string;
  /** Capture time of the start and end of the speech (session clock). */
  startMs: number;
  endMs: number;
  /** Who spoke most of it (frame tags), else the STT's speaker label. */
  speakerId?: string;
  /** Session clock when our VAD (or the provider) declared the end of speech. */
  endedAt: number;
  /** Session clock when the turn's last final transcript arrived. */
  finalAt: number;
  /** Typed in the meeting's chat, by this sender (no speakerId then); answered in the chat. */
  chat?: { senderName: string; senderId: string | null };
}

interface PendingTurn {
  startMs: number;
  endMs: number;
  texts: string[];
  /** Speech ms per tagged speaker. */
  speakers: Map<string, number>;
  sttSpeakerId?: string;
  /** Our VAD still hears the utterance (speech or a pause that may continue it). */
  inSpeech: boolean;
  /** The last block was silence: a provider's end of turn may close the turn now. */
  paused: boolean;
  endedAt: number | null;
  finalAt: number;
  finalAfterEnd: boolean;
  providerEnded: boolean;
}

/**
 * Turn-taking: combines our VAD's utterances with the STT's finals and end-of-turn events. A turn
 * ends when our VAD has heard the end of speech (then the STT is told to finalize) and its text is
 * in: a final after that point, the provider's end of turn, or FINAL_GRACE_MS of quiet. A
 * provider's end of turn during a pause closes the turn before our VAD's silence window runs out.
 * Speech with no words within FINAL_TIMEOUT_MS was noise.
 */
export class TurnDetector {
  private pending: PendingTurn | null = null;
  /** The provider closed the turn while our VAD was still in the utterance's trailing pause. */
  private closedEarly = false;
  private readonly now: () => number;
  private readonly onTurn: (turn: UserTurn) => void;
  private readonly finalize: () => void;
  private readonly onNoWords: (startMs: number, endMs: number) => void;

  constructor(options: {
    now: () => number;
    onTurn: (turn: UserTurn) => void;
    finalize: () => void;
    /** Speech our VAD heard that got no words within FINAL_TIMEOUT_MS: dropped as noise (start and end, capture time). */
    onNoWords?: (startMs: number, endMs: number) => void;
  }) {
    this.now = options.now;
    this.onTurn = options.onTurn;
    this.finalize = options.finalize;
    this.onNoWords = options.onNoWords ?? (() => {});
  }

  /** The pending turn's start, if someone is speaking or their words are still due. */
  get pendingStartMs(): number | null {
    return this.pending?.startMs ?? null;
  }

  speechStarted(timeMs: number): void {
    this.closedEarly = false;
    if (this.pending) {
      // They went on before the turn was closed: the same turn continues.
      this.pending.inSpeech = true;
      this.pending.endedAt = null;
      this.pending.finalAfterEnd = false;
      this.pending.providerEnded = false;
    } else this.pending = this.open(timeMs);
  }

  /** One VAD block inside an utterance. */
  speechBlock(timeMs: number, durationMs: number, speech: boolean, speakerId?: string): void {
    if (this.closedEarly) {
      if (!speech) return;
      // Speech again after the provider closed the turn: a new turn within the same utterance.
      this.closedEarly = false;
      this.pending = this.open(timeMs);
    }
    const p = this.pending;
    if (!p) return;
    p.paused = !speech;
    if (!speech) return;
    p.endMs = timeMs + durationMs;
    if (speakerId !== undefined) p.speakers.set(speakerId, (p.speakers.get(speakerId) ?? 0) + durationMs);
  }

  speechEnded(timeMs: number): void {
    this.finalize();
    if (this.closedEarly) {
      this.closedEarly = false;
      return;
    }
    const p = this.pending;
    if (!p) return;
    p.inSpeech = false;
    p.paused = true;
    p.endMs = timeMs;
    p.endedAt = this.now();
    this.check();
  }

  final(text: string, speakerId?: string): void {
    const clean = text.trim();
    if (!clean) return;
    // Words with no utterance of ours around them (our VAD missed quiet speech, or the STT's last
    // words came after the turn closed): a turn of their own, already ended.
    const p = (this.pending ??= { ...this.open(this.now()), inSpeech: false, paused: true, endedAt: this.now() });
    p.texts.push(clean);
    p.finalAt = this.now();
    if (speakerId !== undefined) p.sttSpeakerId ??= speakerId;
    if (p.endedAt !== null) p.finalAfterEnd = true;
    this.check();
  }

  endOfTurn(): void {
    if (!this.pending) return;
    this.pending.providerEnded = true;
    this.check();
  }

  /** Runs the time-outs; called for every block of audio. */
  tick(): void {
    this.check();
  }

  /** Closes whatever is pending (the session is stopping): words already heard still count. */
  flush(): void {
    const p = this.pending;
    if (p && p.texts.length) this.commit(p);
    this.pending = null;
  }

  /**
   * Drops the turn in progress without answering it (the session skipped audio to catch up and
   * heard only part of it, docs/voice.md): returns what had been heard of it, if there was one.
   */
  abandon(): { text: string; startMs: number; endMs: number } | null {
    const p = this.pending;
    this.pending = null;
    this.closedEarly = false;
    return p && { text: p.texts.join(" "), startMs: p.startMs, endMs: p.endMs };
  }

  private open(startMs: number): PendingTurn {
    return { startMs, endMs: startMs, texts: [], speakers: new Map(), inSpeech: true, paused: false, endedAt: null, finalAt: 0, finalAfterEnd: false, providerEnded: false };
  }

  private check(): void {
    const p = this.pending;
    if (!p) return;
    const hasText = p.texts.length > 0;
    if (p.inSpeech) {
      // The provider's end of turn during a pause: trust it and answer sooner.
      if (hasText && p.providerEnded && p.paused) {
        p.endedAt = this.now();
        this.closedEarly = true;
        this.commit(p);
      }
      return;
    }
    const waited = this.now() - (p.endedAt ?? this.now());
    if (hasText && (p.finalAfterEnd || p.providerEnded || waited >= FINAL_GRACE_MS)) this.commit(p);
    else if (!hasText && waited >= FINAL_TIMEOUT_MS) {
      this.pending = null;
      this.onNoWords(p.startMs, p.endMs);
    }
  }

  private commit(p: PendingTurn): void {
    this.pending = null;
    let speakerId = p.sttSpeakerId;
    let most = 0;
    for (const [id, ms] of p.speakers) if (ms > most) [speakerId, most] = [id, ms];
    this.onTurn({ text: p.texts.join(" "), startMs: p.startMs, endMs: p.endMs, speakerId, endedAt: p.endedAt ?? this.now(), finalAt: p.finalAt });
  }
}
