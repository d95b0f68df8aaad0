import type { AgentTools, ToolContext } from "../../tools/types.ts";
import { VAD_BLOCK_MS } from "../audio/vad.ts";
import { isRetryable } from "../providers/retry.ts";
import type { AgentVoiceConfig, AudioSink, LlmProvider, TtsProvider } from "../types.ts";
import { buildMessages } from "./context.ts";
import type { Utterance } from "./echo-guard.ts";
import { phrasesFor } from "./phrases.ts";
import { Playout } from "./playout.ts";
import { asProviderError, type ProviderFailures } from "./provider-failures.ts";
import { Reply, type ReplyOptions, type ReplyTools } from "./reply.ts";
import { recordReply, type EndedReply, type ReplyEnd } from "./reply-record.ts";
import type { Conversation } from "./session-context.ts";
import type { ToolLimits } from "./tool-runner.ts";
import type { UserTurn } from "./turn-detector.ts";
import { MAX_FAILED_REPLIES } from "./tuning.ts";

export interface ResponderOptions extends Conversation {
  agent: AgentVoiceConfig;
  output: AudioSink;
  ai: LlmProvider;
  tts: TtsProvider;
  failures: ProviderFailures;
  /** What the agent may call while answering; null: nothing. */
  tools: AgentTools | null;
  toolLimits: ToolLimits;
  /** The session's time-outs; run when a reply's audio should have played out though no input came. */
  tick: () => void;
}

interface ActiveReply extends EndedReply {
  /** Barge-in may cut it (not `say`: announcements are heard out). */
  interruptible: boolean;
  echo: Utterance;
  /** All its audio is with the output; it ends when that has played. */
  delivered: boolean;
  /** Resolves `say`. */
  done?: () => void;
  playedTimer?: NodeJS.Timeout;
}

/**
 * The agent's side of the conversation (docs/voice.md, "Replies", "Barge-in", "Errors"): at most one
 * reply at a time, an answer to a person's turn or an announcement; it ends played out (checked on
 * the session clock, `tick`), interrupted (barge-in, a newer turn, deactivation, stopping) or failed.
 * A failed answer during an outage is asked again with back-off unless a newer turn comes first;
 * replies that keep failing otherwise end the session.
 */
export class Responder {
  private readonly options: ResponderOptions;
  private active: ActiveReply | null = null;
  private turnCount = 0;
  private failedReplies = 0;
  /** A question whose answer failed during an outage, asked again at `at` (session clock) unless a newer one comes. */
  private retryTurn: { turn: UserTurn; at: number } | null = null;

  constructor(options: ResponderOptions) {
    this.options = options;
  }

  /** A reply is under way (thinking or speaking). */
  get replying(): boolean {
    return this.active !== null;
  }

  /** The reply under way may be cut short (it is not an announcement). */
  get interruptible(): boolean {
    return this.active?.interruptible === true;
  }

  /** The agent is audible now (or its audio is queued). */
  get overAgent(): boolean {
    return this.active?.reply.firstAudioAt != null;
  }

  /** The id of the last turn answered. */
  get lastTurnId(): number {
    return this.turnCount;
  }

  /** Answers a person's turn (or asks it again after an outage): the meeting so far, and what the agent may call. */
  answer(turn: UserTurn): void {
    // A question waiting to be asked again is part of this request's context.
    this.retryTurn = null;
    const { agent, ai, history } = this.options;
    const turnId = this.turnCount + 1;
    const speaker = turn.chat?.senderName ?? this.options.participants.nameOf(turn.speakerId);
    // What this speaker may use is decided now, in code (docs/tools.md, "Who may use which tool"); a
    // typed question carries its sender's identity, never a name.
    const context = turn.chat ? { turnId, speaker, speakerId: null, chat: { senderId: turn.chat.senderId } } : { turnId, speaker, speakerId: turn.speakerId ?? null };
    const tools = this.replyTools(context);
    const usable = new Set(tools?.rights.specs.map((s) => s.name));
    const messages = buildMessages(agent, history.entries, undefined, tools !== undefined, (calls) => calls.every((c) => usable.has(c.name)));
    this.startReply({ llm: ai, messages, tools }, turn, true);
  }

  /** Speaks a fixed text, heard out; resolves when it has played (or was stopped). */
  say(text: string): Promise<void> {
    if (this.active) this.interrupt();
    return new Promise((resolve) => this.startReply({ text }, null, false, resolve));
  }

  /** Barge-in (or a newer turn, deactivation, stopping, a failure): the agent stops within this block. */
  interrupt(reason: "interrupted" | "failed" = "interrupted"): void {
    const a = this.active;
    if (!a) return;
    const at = this.options.now();
    a.reply.abort();
    if (a.reply.firstAudioAt !== null) a.playout.clear();
    this.finishReply(a, reason, at);
  }

  /** Time-outs: a tool's filler, the end of the agent's playout, a question to ask again after an outage. */
  tick(): void {
    const { now } = this.options;
    this.active?.reply.tick();
    const a = this.active;
    // A written reply (a chat answer) played nothing: it ends now.
    if (a?.delivered && now() >= a.playout.endsAt) this.finishReply(a, "played", a.playout.startedAt === null ? now() : a.playout.endsAt);
    const retry = this.retryTurn;
    if (retry && !this.active && now() >= retry.at) {
      this.retryTurn = null;
      this.answer(retry.turn);
    }
  }

  /** The session stops: the agent falls silent and asks nothing again. */
  stop(): void {
    if (this.active) this.interrupt();
    this.retryTurn = null;
  }

  private startReply(source: ReplyOptions["source"], turn: UserTurn | null, interruptible: boolean, done?: () => void): void {
    const { output, tts, now, emit, echo, gate, agent } = this.options;
    const playout = new Playout(output, now);
    const utterance = echo.begin(now());
    const reply = new Reply({
      source,
      tts,
      // A chat question is answered in the chat; aloud too only when the agent is set so.
      speak: !turn?.chat || agent.chatAnswerAloud === true,
      playout,
      now,
      onUsage: (usage) => emit({ type: "usage", usage }),
      onSentence: (sentence) => echo.addText(utterance, sentence),
      onFirstAudio: () => emit({ type: "speaking", speaking: true }),
    });
    const active: ActiveReply = { reply, playout, turn, turnId: turn ? ++this.turnCount : 0, interruptible, echo: utterance, delivered: false, done };
    this.active = active;
    emit({ type: "replying", replying: true });
    // Spoken answers keep the agent engaged; announcements (`say`) and chat answers do not open a follow-up window.
    if (turn && !turn.chat) gate.replyStarted();
    reply.run().then(
      () => {
        if (this.active !== active) return;
        active.delivered = true;
        // Audio normally keeps arriving and ticks end the reply; this covers a silent input.
        active.playedTimer = setTimeout(() => this.options.tick(), Math.max(0, playout.endsAt - now()) + VAD_BLOCK_MS);
        this.options.tick();
      },
      (err) => this.replyFailed(active, err),
    );
  }

  /** What a reply to this speaker's turn may call, bounded as the session says; nothing when the speaker may use no tool. */
  private replyTools(context: ToolContext): ReplyTools | undefined {
    const { tools, toolLimits, agent, emit } = this.options;
    if (!tools) return undefined;
    const rights = tools.rightsFor(context);
    if (rights.specs.length === 0) return undefined;
    return {
      tools,
      rights,
      context,
      limits: toolLimits,
      phrases: phrasesFor(agent.language),
      onToolCall: (call) => emit({ type: "tool_call", call }),
    };
  }

  /**
   * A stage failed after the adapters' own retries: this reply stops. A bad key ends the session; a
   * failure that can pass is an outage (the question is asked again with back-off); any other ends
   * the session once replies keep failing.
   */
  private replyFailed(active: ActiveReply, err: unknown): void {
    const { ai, failures, log } = this.options;
    if (this.active === active) this.interrupt("failed");
    const error = asProviderError(err, "ai", ai.providerId);
    if (error.kind === "invalid_key") return failures.fail(error);
    log("reply_failed", { level: "warn", providerKind: error.providerKind, provider: error.providerId, kind: error.kind, error: error.message });
    if (isRetryable(error)) {
      if (failures.transient(error) && active.turn && !this.retryTurn) this.retryTurn = { turn: active.turn, at: failures.nextRetryAt() };
      return;
    }
    if (++this.failedReplies >= MAX_FAILED_REPLIES) failures.fail(error);
  }

  private finishReply(a: ActiveReply, end: ReplyEnd, atMs: number): void {
    if (this.active !== a) return;
    const { agent, history, emit, echo, gate, failures } = this.options;
    this.active = null;
    clearTimeout(a.playedTimer);
    echo.end(a.echo, atMs);
    if (a.turn && !a.turn.chat) gate.replyEnded(atMs);
    if (a.reply.firstAudioAt !== null) emit({ type: "speaking", speaking: false });
    recordReply(a, end, atMs, { agentName: agent.name, history, emit });
    if (end === "played") {
      this.failedReplies = 0;
      // Spoken to the end: the TTS works, and the LLM too when it was an answer.
      failures.recovered("tts");
      if (a.turn) failures.recovered("ai");
    }
    emit({ type: "replying", replying: false });
    a.done?.();
  }
}
