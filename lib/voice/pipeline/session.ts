import { logger, type Logger } from "../../log.ts";
import { loadVadModel, StreamingVad, type VadBlock } from "../audio/vad.ts";
import { createProviders } from "../providers/create-providers.ts";
import { providerLogger } from "../providers/log.ts";
import { INPUT_SAMPLE_RATE, type AgentVoiceConfig, type AudioSink, type ChatLine, type LlmProvider, type PcmFrame, type ProviderError, type SessionEvent, type SttProvider, type TtsProvider, type VoiceSession } from "../types.ts";
import type { AgentTools } from "../../tools/types.ts";
import { ActivationGate } from "./activation-gate.ts";
import { CatchUp } from "./catch-up.ts";
import { chatTurns } from "./chat-turns.ts";
import { MeetingHistory } from "./context.ts";
import { EchoGuard } from "./echo-guard.ts";
import { Participants } from "./participants.ts";
import { ProviderFailures } from "./provider-failures.ts";
import { Responder } from "./responder.ts";
import type { Conversation, SessionContext } from "./session-context.ts";
import { Transcriber } from "./transcriber.ts";
import { TurnTaking } from "./turn-taking.ts";
import type { ToolLimits } from "./tool-runner.ts";
import { TOOL_RESULT_MAX_CHARS, TOOL_TIMEOUT_MS } from "./tuning.ts";

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

/**
 * One agent in one meeting (docs/voice.md): incoming audio → VAD (Silero) → STT, turn detection,
 * activation gate → streaming LLM → sentence chunks → streaming TTS → the output, with barge-in,
 * echo protection, a speaker-labelled context and per-turn metrics and usage as events.
 *
 * All timing runs on the session clock and on the audio itself (32 ms VAD blocks), not on timers:
 * the meeting's audio never stops (silence is audio too), so every time-out is checked as each
 * block arrives. This keeps the behaviour identical whether audio comes in real time or faster.
 * (One timer backs up the end of a reply's playout, in case the input does stop.)
 *
 * The session coordinates its parts: what people say and which turns are answered (TurnTaking), the
 * agent's replies (Responder), the speech-to-text stream (Transcriber), keeping up with the meeting
 * (CatchUp) and providers that fail (ProviderFailures).
 */
class PipelineSession implements VoiceSession {
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly emit: (event: SessionEvent) => void;
  private readonly providers: VoiceProviders;
  private readonly participants = new Participants();
  private readonly gate: ActivationGate;
  private readonly transcriber: Transcriber;
  private readonly responder: Responder;
  private readonly turnTaking: TurnTaking;
  private readonly catchUp: CatchUp;
  private readonly chatLine: (line: ChatLine) => void;
  private vad: StreamingVad | null = null;
  private state: "new" | "running" | "stopped" = "new";
  private failed = false;

  constructor(options: VoiceSessionOptions, providers: VoiceProviders) {
    const { agent, output } = options;
    this.now = options.now ?? (() => performance.now());
    this.log = options.log ?? logger({ scope: "voice" });
    this.emit = options.onEvent;
    this.providers = providers;
    const context: SessionContext = { now: this.now, log: this.log, emit: this.emit };
    const gate = new ActivationGate({ wakeWord: agent.wakeWord, manualActivation: agent.manualActivation, onChange: (active) => this.emit({ type: "activation", active }) });
    this.gate = gate;
    const conversation: Conversation = { ...context, gate, echo: new EchoGuard(), history: new MeetingHistory(), participants: this.participants };
    const tick = () => this.tick();
    const failures = new ProviderFailures({ ...context, language: agent.language, limitMs: options.outageLimitMs, say: (text) => void this.say(text), fail: (error) => this.fail(error) });
    this.transcriber = new Transcriber({ ...context, provider: providers.stt, failures, onEvent: (event) => this.turnTaking.sttEvent(event) });
    this.responder = new Responder({
      ...conversation,
      agent,
      output,
      ai: providers.ai,
      tts: providers.tts,
      failures,
      tick,
      tools: options.tools?.specs.length ? options.tools : null,
      toolLimits: { timeoutMs: TOOL_TIMEOUT_MS, maxResultChars: TOOL_RESULT_MAX_CHARS, ...options.toolLimits },
    });
    const { transcriber, responder } = this;
    this.turnTaking = new TurnTaking({ ...conversation, transcriber, responder, running: () => this.state === "running" });
    this.chatLine = chatTurns({ ...conversation, responder, agentName: agent.name, wakeWord: agent.wakeWord, running: () => this.state === "running" });
    this.catchUp = new CatchUp({ ...context, tick, discardQueued: () => this.vad?.discard() ?? [], abandonUtterance: () => this.turnTaking.abandon() });
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
        (block) => !this.catchUp.inTime(block),
      );
      const stream = this.transcriber.open();
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
    if (frame.speakerId !== undefined && frame.speakerId === this.participants.selfId) return;
    if (!this.catchUp.inTime(frame)) return;
    this.vad.push(frame.samples, frame.timeMs, frame.speakerId);
  }

  setParticipantName(speakerId: string, name: string): void {
    this.participants.setName(speakerId, name);
  }

  setSelfSpeakerId(speakerId: string): void {
    this.participants.selfId = speakerId;
  }

  setActivated(active: boolean): void {
    this.gate.setManual(active);
    // Deactivated mid-reply: the agent stops talking.
    if (!active && this.gate.manualMode && this.responder.interruptible) this.responder.interrupt();
  }

  say(text: string): Promise<void> {
    if (this.state !== "running") return Promise.resolve();
    return this.responder.say(text);
  }

  chat(line: ChatLine): void {
    if (this.state === "new") return;
    this.chatLine(line);
  }

  async stop(): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopped";
    this.responder.stop();
    this.vad?.close();
    this.catchUp.stop();
    // The provider's last words still become transcript (not answers: we are stopping).
    await this.transcriber.close();
    this.turnTaking.flush();
    this.providers.close?.();
  }

  private onBlock(block: VadBlock): void {
    if (this.state !== "running") return;
    this.turnTaking.block(block);
    this.tick();
  }

  /** Time-outs: the turn's wait for words, the follow-up window, a tool's filler, the end of the agent's playout, retries during an outage. */
  private tick(): void {
    this.turnTaking.tick();
    this.responder.tick();
    this.transcriber.tick();
  }

  /** A provider failed for good: report it once and end the session (the bot leaves). */
  private fail(error: ProviderError): void {
    if (this.failed || this.state === "stopped") return;
    this.failed = true;
    this.emit({ type: "error", error });
    void this.stop();
  }
}

/** Throws a bad_request ProviderError when a provider has no adapter or an unusable base URL. */
export function createVoiceSession(options: VoiceSessionOptions): VoiceSession {
  const log = options.log ?? logger({ scope: "voice" });
  return new PipelineSession({ ...options, log }, options.providers ?? createProviders(options.agent, { log: providerLogger(log) }));
}
