import { logger, type Logger } from "../../log.ts";
import { loadVadModel, StreamingVad, VAD_BLOCK_MS, type QueuedAudio, type VadBlock } from "../audio/vad.ts";
import { createProviders } from "../providers/create-providers.ts";
import { providerLogger } from "../providers/log.ts";
import { isRetryable } from "../providers/retry.ts";
import { INPUT_SAMPLE_RATE, ProviderError, type AgentVoiceConfig, type AudioSink, type LlmProvider, type PcmFrame, type SessionEvent, type SttEvent, type SttProvider, type SttStream, type TtsProvider, type VoiceSession } from "../types.ts";
import type { AgentTools } from "../../tools/types.ts";
import { ActivationGate } from "./activation-gate.ts";
import { buildMessages, MeetingHistory } from "./context.ts";
import { EchoGuard, type Utterance } from "./echo-guard.ts";
import { phrasesFor } from "./phrases.ts";
import { Playout } from "./playout.ts";
import { outageNotice, ProviderOutage } from "./provider-outage.ts";
import { Reply, type ReplyTools } from "./reply.ts";
import { SpeechSegmenter } from "./speech-segmenter.ts";
import { TurnDetector, type UserTurn } from "./turn-detector.ts";
import type { ToolLimits } from "./tool-runner.ts";
import {
  BARGE_IN_SPEECH_BLOCKS,
  BARGE_IN_WORDS,
  BEHIND_LIMIT_MS,
  CAUGHT_UP_LAG_MS,
  MAX_FAILED_REPLIES,
  MAX_STT_REOPENS,
  SPEECH_START_BLOCKS,
  TOOL_RESULT_MAX_CHARS,
  TOOL_TIMEOUT_MS,
} from "./tuning.ts";
import { words } from "./words.ts";

export interface VoiceProviders {
  stt: SttProvider;
  ai: LlmProvider;
  tts: TtsProvider;
  /** Closes connections kept between turns; called once when the session stops. */
  close?(): void;
}

export interface VoiceSessionOptions {
  agent: AgentVoiceConfig;
  output: AudioSink;
  onEvent: (event: SessionEvent) => void;
  /** The provider adapters; by default made from `agent`'s provider configs. */
  providers?: VoiceProviders;
  /** The session clock in ms, the one frames' `timeMs` are on (default: performance.now()). */
  now?: () => number;
  /** The structured logger, bound to the meeting and run (lib/log.ts); the providers log through it too. */
  log?: Logger;
  /** How long a provider outage may last before the session gives up (default PROVIDER_OUTAGE_LIMIT_MS; tests shorten it). */
  outageLimitMs?: number;
  /** What the agent may call while answering (built-in tools and its MCP servers'). */
  tools?: AgentTools;
  /** Bounds of each tool call (default TOOL_TIMEOUT_MS, TOOL_RESULT_MAX_CHARS); tests shorten them. */
  toolLimits?: Partial<ToolLimits>;
}

interface ActiveReply {
  reply: Reply;
  playout: Playout;
  /** The person's turn it answers (none for `say`). */
  turn: UserTurn | null;
  turnId: number;
  /** Barge-in may cut it (not `say`: announcements are heard out). */
  interruptible: boolean;
  echo: Utterance;
  /** All its audio is with the output; it ends when that has played. */
  delivered: boolean;
  /** Resolves `say`. */
  done?: () => void;
  playedTimer?: NodeJS.Timeout;
}

/** Skipping audio to catch up (docs/voice.md, "Catching up"): one episode, from falling behind until caught up. */
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

/** The name for a speaker the platform neither tagged nor named. */
const PARTICIPANT = "Participant";

/**
 * One agent in one meeting (docs/voice.md): incoming audio → VAD (Silero) → STT, turn detection,
 * activation gate → streaming LLM → sentence chunks → streaming TTS → the output, with barge-in,
 * echo protection, a speaker-labelled context and per-turn metrics and usage as events.
 *
 * All timing runs on the session clock and on the audio itself (32 ms VAD blocks), not on timers:
 * the meeting's audio never stops (silence is audio too), so every time-out is checked as each
 * block arrives. This keeps the behaviour identical whether audio comes in real time or faster.
 * (One timer backs up the end of a reply's playout, in case the input does stop.)
 */
class PipelineSession implements VoiceSession {
  private readonly agent: AgentVoiceConfig;
  private readonly output: AudioSink;
  private readonly emit: (event: SessionEvent) => void;
  private readonly providers: VoiceProviders;
  private readonly now: () => number;
  private readonly tools: AgentTools | null;
  private readonly toolLimits: ToolLimits;
  private segmenter = new SpeechSegmenter();
  private readonly turns: TurnDetector;
  private readonly gate: ActivationGate;
  private readonly echo = new EchoGuard();
  private readonly history = new MeetingHistory();
  private readonly log: Logger;
  private readonly outage: ProviderOutage;
  /** A question whose answer failed during an outage, asked again at `at` (session clock) unless a newer one comes. */
  private retryTurn: { turn: UserTurn; at: number } | null = null;
  /** During a speech-to-text outage: when to open the next stream (session clock). */
  private sttReopenAt: number | null = null;
  private readonly names = new Map<string, string>();
  private selfId: string | null = null;
  private vad: StreamingVad | null = null;
  private stt: { stream: SttStream; controller: AbortController; reportedMs: number } | null = null;
  private sttReopens = 0;
  private active: ActiveReply | null = null;
  private turnCount = 0;
  private failedReplies = 0;
  /** Tagged speech blocks of the current utterance heard over the agent's voice (barge-in by VAD). */
  private overlapBlocks = 0;
  /** Capture time where the current utterance's sound last rose above LOUD_RMS (for user_turn lines). */
  private loudEndMs: number | null = null;
  /** Set while audio is being skipped to catch up. */
  private skipping: Skipping | null = null;
  private state: "new" | "running" | "stopped" = "new";
  private failed = false;

  constructor(options: VoiceSessionOptions, providers: VoiceProviders) {
    this.agent = options.agent;
    this.output = options.output;
    this.emit = options.onEvent;
    this.providers = providers;
    this.now = options.now ?? (() => performance.now());
    this.log = options.log ?? logger({ scope: "voice" });
    this.outage = new ProviderOutage(options.outageLimitMs);
    this.tools = options.tools?.specs.length ? options.tools : null;
    this.toolLimits = { timeoutMs: TOOL_TIMEOUT_MS, maxResultChars: TOOL_RESULT_MAX_CHARS, ...options.toolLimits };
    this.turns = new TurnDetector({
      now: this.now,
      onTurn: (turn) => this.onTurn(turn),
      finalize: () => this.stt?.stream.finalize(),
      onNoWords: (startMs, endMs) => this.log("user_turn", { outcome: "no_words", speechEndAt: endMs, speechMs: Math.round(endMs - startMs) }),
    });
    this.gate = new ActivationGate({
      wakeWord: this.agent.wakeWord,
      manualActivation: this.agent.manualActivation,
      onChange: (active) => this.emit({ type: "activation", active }),
    });
  }

  async start(): Promise<void> {
    if (this.state !== "new") throw new Error("A voice session starts once");
    this.state = "running";
    try {
      const model = await loadVadModel();
      // A block the model could not score is skipped; the stream goes on.
      this.vad = new StreamingVad(
        model,
        (block) => this.onBlock(block),
        (err) => this.log("vad_error", { level: "warn", error: String(err) }),
        (block) => !this.inTime(block),
      );
      const stream = this.openStt();
      const { ai, tts } = this.providers;
      await Promise.all([stream.ready, ai.prewarm?.(), tts.prewarm?.()]);
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  pushAudio(frame: PcmFrame): void {
    if (this.state !== "running" || !this.vad) return;
    if (frame.sampleRate !== INPUT_SAMPLE_RATE) throw new Error(`Voice input must be ${INPUT_SAMPLE_RATE} Hz PCM, got ${frame.sampleRate} Hz`);
    // The agent's own voice, as the meeting sends it back: never heard.
    if (frame.speakerId !== undefined && frame.speakerId === this.selfId) return;
    if (!this.inTime(frame)) return;
    this.vad.push(frame.samples, frame.timeMs, frame.speakerId);
  }

  setParticipantName(speakerId: string, name: string): void {
    this.names.set(speakerId, name);
  }

  setSelfSpeakerId(speakerId: string): void {
    this.selfId = speakerId;
  }

  setActivated(active: boolean): void {
    this.gate.setManual(active);
    // Deactivated mid-reply: the agent stops talking.
    if (!active && this.gate.manualMode && this.active?.interruptible) this.interrupt();
  }

  say(text: string): Promise<void> {
    if (this.state !== "running") return Promise.resolve();
    if (this.active) this.interrupt();
    return new Promise((resolve) => this.startReply({ text }, null, false, resolve));
  }

  async stop(): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopped";
    if (this.active) this.interrupt();
    this.vad?.close();
    if (this.skipping) this.endSkipping(false);
    const stt = this.stt;
    this.retryTurn = null;
    if (stt) {
      // The provider's last words still become transcript (not answers: we are stopping).
      await stt.stream.close().catch((err) => this.log("stt_close_error", { level: "warn", error: String(err) }));
      this.reportSttUsage();
      this.stt = null;
      stt.controller.abort();
    }
    this.turns.flush();
    this.providers.close?.();
  }

  // ---------- listening ----------

  private openStt(): SttStream {
    const controller = new AbortController();
    const stream = this.providers.stt.open(controller.signal);
    this.stt = { stream, controller, reportedMs: 0 };
    // A failed connection also ends `events`, where listen() deals with it.
    stream.ready.then(() => this.recovered("stt"), () => {});
    void this.listen(stream);
    return stream;
  }

  private async listen(stream: SttStream): Promise<void> {
    let problem: unknown = null;
    try {
      for await (const event of stream.events) {
        // A stream abandoned to catch up: what it still says belongs to a turn that was dropped.
        if (this.stt?.stream !== stream) continue;
        this.sttReopens = 0;
        this.onStt(event);
      }
    } catch (err) {
      problem = err;
    }
    if (this.state !== "running" || this.stt?.stream !== stream) return;
    this.reportSttUsage();
    // The adapter reconnects by itself; a stream that still ends failed for its own retries.
    const error = asProviderError(problem ?? "the stream ended", "stt", this.providers.stt.providerId);
    if (error.kind === "invalid_key") return this.fail(error);
    this.stt.controller.abort();
    if (isRetryable(error)) {
      // An outage: the meeting goes on, deaf for now; a new stream is tried with back-off (tick()).
      this.stt = null;
      if (!this.transientFailure(error)) return;
      this.sttReopenAt = this.outage.nextRetryAt(this.now());
      return;
    }
    if (++this.sttReopens > MAX_STT_REOPENS) return this.fail(error);
    this.openStt();
  }

  private onStt(event: SttEvent): void {
    if (event.type === "end_of_turn") return this.turns.endOfTurn();
    if (this.overAgent() && words(event.text).length >= BARGE_IN_WORDS) {
      const startMs = this.turns.pendingStartMs ?? this.now();
      if (!this.echo.isEcho(event.text, startMs, this.now())) this.bargeIn();
    }
    if (event.type === "final") this.turns.final(event.text, event.speakerId);
  }

  private onBlock(block: VadBlock): void {
    if (this.state !== "running") return;
    const step = this.segmenter.push(block);
    if (step.started) {
      // The blocks that made speech start count towards barge-in too (this one is counted below).
      this.overlapBlocks = this.overAgent() ? step.started.blocks.slice(-SPEECH_START_BLOCKS, -1).filter((b) => b.speakerId !== undefined).length : 0;
      this.turns.speechStarted(step.started.timeMs);
      for (const b of step.started.blocks) this.sendToStt(b);
    } else if (step.inUtterance) this.sendToStt(block);
    if (step.started) this.loudEndMs = null;
    if (step.inUtterance) {
      this.loudEndMs = loudEnd(block) ?? this.loudEndMs;
      this.turns.speechBlock(block.timeMs, VAD_BLOCK_MS, step.speech, block.speakerId);
      // Speech over the agent's voice; untagged audio might be that voice coming back, so only
      // tagged speech interrupts by VAD alone.
      if (step.speech && block.speakerId !== undefined && this.overAgent()) this.overlapBlocks++;
      if (this.overlapBlocks >= BARGE_IN_SPEECH_BLOCKS) this.bargeIn();
    }
    if (step.ended) {
      this.turns.speechEnded(step.ended.timeMs);
      this.reportSttUsage();
    }
    this.tick();
  }

  // ---------- catching up ----------

  /**
   * Audio is about to be processed (pushed, or its VAD block's turn has come): false when it is
   * dropped instead, unheard, because the session is too far behind the meeting (docs/voice.md,
   * "Catching up"). Skipping starts when audio is BEHIND_LIMIT_MS old and ends with the first audio
   * within CAUGHT_UP_LAG_MS of now.
   */
  private inTime(audio: QueuedAudio): boolean {
    const lagMs = this.now() - audio.timeMs;
    if (!this.skipping) {
      if (lagMs <= BEHIND_LIMIT_MS) return true;
      this.startSkipping(lagMs, audio.timeMs);
    } else if (lagMs <= CAUGHT_UP_LAG_MS) {
      this.endSkipping(true);
      return true;
    }
    this.skip(audio);
    // Time-outs still run on the clock (a turn's wait for words, the follow-up window, a reply's end).
    this.tick();
    return false;
  }

  private startSkipping(lagMs: number, fromMs: number): void {
    this.skipping = { lagMs, fromMs, toMs: fromMs, skippedMs: 0, turnLost: false };
    // Everything queued for the VAD is older still.
    for (const audio of this.vad?.discard() ?? []) this.skip(audio);
    // The utterance in progress is abandoned: no half-heard question is answered. Its audio is with
    // the STT, whose words for it would still make a turn, so that stream goes too and a new one
    // listens from now on.
    const inUtterance = this.segmenter.inUtterance || this.turns.pendingStartMs !== null;
    const lost = this.turns.abandon();
    this.segmenter = new SpeechSegmenter();
    this.overlapBlocks = 0;
    if (inUtterance) this.replaceStt();
    if (lost) {
      this.skipping.turnLost = true;
      this.log("user_turn", { outcome: "behind", speechEndAt: lost.endMs, ...(this.loudEndMs !== null ? { loudEndAt: Math.round(this.loudEndMs) } : {}), words: words(lost.text).length });
    }
    this.loudEndMs = null;
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
  private endSkipping(caughtUp: boolean): void {
    const s = this.skipping!;
    this.skipping = null;
    this.log("audio_skipped", {
      level: "warn",
      skippedMs: Math.round(s.skippedMs),
      lagMs: Math.round(s.lagMs),
      fromAt: Math.round(s.fromMs),
      toAt: Math.round(s.toMs),
      turnLost: s.turnLost,
      caughtUp,
    });
    if (caughtUp && s.turnLost) this.emit({ type: "unanswered", reason: "behind", text: "" });
  }

  /** Drops the STT stream (its usage so far reported) and listens on a new one. */
  private replaceStt(): void {
    const stt = this.stt;
    if (!stt) return;
    this.reportSttUsage();
    this.stt = null;
    stt.controller.abort();
    this.openStt();
  }

  private sendToStt(block: VadBlock): void {
    this.stt?.stream.push({ samples: block.samples, sampleRate: INPUT_SAMPLE_RATE, timeMs: block.timeMs, speakerId: block.speakerId });
  }

  /** The audio the STT provider billed since the last report (the adapter knows how it bills). */
  private reportSttUsage(): void {
    const stt = this.stt;
    if (!stt) return;
    const audioMs = Math.round(stt.stream.audioMs - stt.reportedMs);
    if (audioMs <= 0) return;
    stt.reportedMs += audioMs;
    const { providerId, model } = this.providers.stt;
    this.emit({ type: "usage", usage: { kind: "stt", providerId, model, audioMs } });
  }

  /** Time-outs: the turn's wait for words, the follow-up window, a tool's filler, the end of the agent's playout, retries during an outage. */
  private tick(): void {
    this.turns.tick();
    this.gate.tick(this.now());
    this.active?.reply.tick();
    const a = this.active;
    if (a?.delivered && this.now() >= a.playout.endsAt) this.finishReply(a, "played", a.playout.endsAt);
    if (this.sttReopenAt !== null && this.now() >= this.sttReopenAt) {
      this.sttReopenAt = null;
      this.openStt();
    }
    const retry = this.retryTurn;
    if (retry && !this.active && this.now() >= retry.at) {
      this.retryTurn = null;
      this.answer(retry.turn);
    }
  }

  /**
   * A failure that may pass (after the adapters' own retries): the first of an outage is reported
   * and announced once; one that outlasts PROVIDER_OUTAGE_LIMIT_MS ends the session. False when the
   * session is over.
   */
  private transientFailure(error: ProviderError): boolean {
    const state = this.outage.failed(error, this.now());
    this.log("provider_trouble", { level: "warn", providerKind: error.providerKind, provider: error.providerId, outage: state, error: error.message });
    if (state === "too_long") {
      this.fail(error);
      return false;
    }
    if (state === "began") {
      this.emit({ type: "outage", state: "began", error });
      void this.say(outageNotice(this.agent.language));
    }
    return true;
  }

  /** A provider of `kind` worked: an outage of its ends. */
  private recovered(kind: ProviderError["providerKind"]): void {
    const lastedMs = this.outage.recovered(kind, this.now());
    if (lastedMs === null) return;
    this.log("provider_recovered", { providerKind: kind, lastedMs: Math.round(lastedMs) });
    this.emit({ type: "outage", state: "ended", providerKind: kind, lastedMs: Math.round(lastedMs) });
  }

  private onTurn(turn: UserTurn): void {
    const outcome = this.takeTurn(turn);
    // Every turn the agent heard and what became of it (never its words), so that a question left
    // unanswered can be explained from the log (bench:voice names the reason per turn).
    // loudEndAt: where the sound itself ended (by level, not by the VAD's model), which a listener
    // elsewhere in the call can measure alike: bench:voice times the way in and out with it.
    this.log("user_turn", {
      outcome,
      speechEndAt: turn.endMs,
      ...(this.loudEndMs !== null ? { loudEndAt: Math.round(this.loudEndMs) } : {}),
      words: words(turn.text).length,
      ...(outcome === "answered" ? { turnId: this.turnCount } : {}),
    });
  }

  private takeTurn(turn: UserTurn): "echo" | "stopped" | "over_agent" | "no_wake_word" | "not_activated" | "busy" | "answered" {
    // The agent's own words coming back through the meeting: neither a transcript nor a question.
    if (this.echo.isEcho(turn.text, turn.startMs, turn.endMs)) return "echo";
    const speaker = (turn.speakerId !== undefined && this.names.get(turn.speakerId)) || PARTICIPANT;
    this.emit({ type: "transcript", segment: { speaker, speakerId: turn.speakerId ?? null, isAgent: false, text: turn.text, startMs: turn.startMs, endMs: turn.endMs } });
    this.history.push({ speaker, isAgent: false, text: turn.text });
    if (this.state !== "running") return "stopped";
    if (this.overAgent()) {
      // Heard over the agent without interrupting it: a backchannel ("yeah", "right"), unless its
      // words only now arrive (transcription without interim results) and are enough to interrupt.
      if (!this.active?.interruptible || words(turn.text).length < BARGE_IN_WORDS) return "over_agent";
      this.bargeIn();
    }
    if (!this.gate.admits(turn.text, turn.startMs)) {
      const reason = this.gate.manualMode ? "not_activated" : "no_wake_word";
      this.emit({ type: "unanswered", reason, text: turn.text });
      return reason;
    }
    if (this.active) {
      if (!this.active.interruptible) return "busy";
      // Still thinking about the previous turn: answer both together instead.
      this.interrupt();
    }
    // A question waiting to be asked again (an outage) is part of this request's context.
    this.retryTurn = null;
    this.answer(turn);
    return "answered";
  }

  /** Starts the answer to a person's turn (or starts it again after an outage): the meeting so far, and what the agent may call. */
  private answer(turn: UserTurn): void {
    const speaker = (turn.speakerId !== undefined && this.names.get(turn.speakerId)) || PARTICIPANT;
    const turnId = this.turnCount + 1;
    const messages = buildMessages(this.agent, this.history.entries, undefined, this.tools !== null);
    this.startReply({ llm: this.providers.ai, messages, tools: this.replyTools(turnId, speaker, turn.speakerId ?? null) }, turn, true);
  }

  /** What a reply to this speaker's turn may call, bounded as the session says. */
  private replyTools(turnId: number, speaker: string, speakerId: string | null): ReplyTools | undefined {
    if (!this.tools) return undefined;
    return {
      tools: this.tools,
      context: { turnId, speaker, speakerId },
      limits: this.toolLimits,
      phrases: phrasesFor(this.agent.language),
      onToolCall: (call) => this.emit({ type: "tool_call", call }),
    };
  }

  /** The agent is audible now (or its audio is queued). */
  private overAgent(): boolean {
    return this.active?.reply.firstAudioAt != null;
  }

  // ---------- speaking ----------

  private startReply(source: ConstructorParameters<typeof Reply>[0]["source"], turn: UserTurn | null, interruptible: boolean, done?: () => void): void {
    const playout = new Playout(this.output, this.now);
    const echo = this.echo.begin(this.now());
    const reply = new Reply({
      source,
      tts: this.providers.tts,
      playout,
      now: this.now,
      onUsage: (usage) => this.emit({ type: "usage", usage }),
      onSentence: (sentence) => this.echo.addText(echo, sentence),
      onFirstAudio: () => this.emit({ type: "speaking", speaking: true }),
    });
    const active: ActiveReply = { reply, playout, turn, turnId: turn ? ++this.turnCount : 0, interruptible, echo, delivered: false, done };
    this.active = active;
    this.emit({ type: "replying", replying: true });
    // Answers keep the agent engaged; announcements (`say`) do not open a follow-up window.
    if (turn) this.gate.replyStarted();
    reply.run().then(
      () => {
        if (this.active !== active) return;
        active.delivered = true;
        // Audio normally keeps arriving and ticks end the reply; this covers a silent input.
        active.playedTimer = setTimeout(() => this.tick(), Math.max(0, playout.endsAt - this.now()) + VAD_BLOCK_MS);
        this.tick();
      },
      (err) => this.replyFailed(active, err),
    );
  }

  /**
   * A stage failed after the adapters' own retries: this reply stops. A bad key ends the session; a
   * failure that can pass is an outage (the question is asked again with back-off); any other ends
   * the session once replies keep failing.
   */
  private replyFailed(active: ActiveReply, err: unknown): void {
    if (this.active === active) this.interrupt("failed");
    const error = asProviderError(err, "ai", this.providers.ai.providerId);
    if (error.kind === "invalid_key") return this.fail(error);
    this.log("reply_failed", { level: "warn", providerKind: error.providerKind, provider: error.providerId, kind: error.kind, error: error.message });
    if (isRetryable(error)) {
      if (this.transientFailure(error) && active.turn && !this.retryTurn) this.retryTurn = { turn: active.turn, at: this.outage.nextRetryAt(this.now()) };
      return;
    }
    if (++this.failedReplies >= MAX_FAILED_REPLIES) this.fail(error);
  }

  /** A person talks over the agent: it stops, unless it is making an announcement. */
  private bargeIn(): void {
    this.overlapBlocks = 0;
    if (this.active?.interruptible) this.interrupt();
  }

  /** Barge-in (or a newer turn, deactivation, stopping, a failure): the agent stops within this block. */
  private interrupt(reason: "interrupted" | "failed" = "interrupted"): void {
    const a = this.active;
    if (!a) return;
    const at = this.now();
    a.reply.abort();
    if (a.reply.firstAudioAt !== null) a.playout.clear();
    this.finishReply(a, reason, at);
  }

  private finishReply(a: ActiveReply, reason: "played" | "interrupted" | "failed", atMs: number): void {
    if (this.active !== a) return;
    this.active = null;
    clearTimeout(a.playedTimer);
    const heard = a.playout.heard(a.reply.sentences, reason === "played" ? Infinity : atMs);
    const interrupted = reason === "interrupted";
    const cutShort = reason !== "played" && (!a.reply.complete || heard !== a.reply.sentences.join(" "));
    this.echo.end(a.echo, atMs);
    if (a.turn) this.gate.replyEnded(atMs);
    if (a.reply.firstAudioAt !== null) this.emit({ type: "speaking", speaking: false });
    // Tool rounds that completed are part of what happened, heard or not (a note was written).
    for (const tools of a.reply.exchanges) this.history.push({ speaker: this.agent.name, isAgent: true, text: "", tools });
    if (heard) {
      this.history.push({ speaker: this.agent.name, isAgent: true, text: heard });
      const segment = { speaker: this.agent.name, speakerId: null, isAgent: true, text: heard, startMs: a.playout.startedAt ?? atMs, endMs: atMs };
      this.emit({ type: "transcript", segment: cutShort ? { ...segment, interrupted: true } : segment });
    }
    if (a.turn) {
      const { reply, turn } = a;
      this.emit({
        type: "metrics",
        metrics: {
          turnId: a.turnId,
          transcriptMs: Math.max(0, turn.finalAt - turn.endedAt),
          llmFirstTokenMs: reply.llmFirstTokenMs,
          ttsFirstAudioMs: reply.ttsFirstAudioMs,
          voiceToVoiceMs: reply.firstAudioAt === null ? null : reply.firstAudioAt - turn.endMs,
          speechEndAt: turn.endMs,
          firstAudioAt: reply.firstAudioAt,
          interrupted,
          toolCalls: reply.toolCalls,
          toolMs: reply.toolMs,
        },
      });
    }
    if (reason === "played") {
      this.failedReplies = 0;
      // Spoken to the end: the TTS works, and the LLM too when it was an answer.
      this.recovered("tts");
      if (a.turn) this.recovered("ai");
    }
    this.emit({ type: "replying", replying: false });
    a.done?.();
  }

  /** A provider failed for good: report it once and end the session (the bot leaves). */
  private fail(error: ProviderError): void {
    if (this.failed || this.state === "stopped") return;
    this.failed = true;
    this.emit({ type: "error", error });
    void this.stop();
  }
}

/** Adapters only throw ProviderErrors; anything else is reported as the stage being unreachable. */
function asProviderError(err: unknown, kind: ProviderError["providerKind"], providerId: string): ProviderError {
  return err instanceof ProviderError ? err : new ProviderError(kind, providerId, "unreachable", err instanceof Error ? err.message : String(err));
}

/** Throws a bad_request ProviderError when a provider has no adapter or an unusable base URL. */
export function createVoiceSession(options: VoiceSessionOptions): VoiceSession {
  const log = options.log ?? logger({ scope: "voice" });
  return new PipelineSession({ ...options, log }, options.providers ?? createProviders(options.agent, { log: providerLogger(log) }));
}

/** −40 dBFS: the level above which a quantum of audio counts as sound (the fakes' and bench:voice's threshold too). */
const LOUD_RMS = 0.01 * 32768;
const LOUD_QUANTUM = 128;

/** The end (capture time) of the audio's last 8 ms quantum louder than LOUD_RMS; null if none. */
function loudEnd(block: QueuedAudio): number | null {
  for (let end = block.samples.length; end >= LOUD_QUANTUM; end -= LOUD_QUANTUM) {
    let sum = 0;
    for (let i = end - LOUD_QUANTUM; i < end; i++) sum += block.samples[i] * block.samples[i];
    if (Math.sqrt(sum / LOUD_QUANTUM) > LOUD_RMS) return block.timeMs + (end * 1000) / INPUT_SAMPLE_RATE;
  }
  return null;
}
