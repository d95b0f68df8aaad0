// The contracts of the voice pipeline (docs/voice.md): audio frames, the three provider kinds and the
// session the bot runtime drives. Provider adapters (lib/voice/providers/) implement the provider
// interfaces; the pipeline (lib/voice/pipeline/) only ever talks to these interfaces; the bot runtime
// (lib/bots/) only ever talks to VoiceSession. What a session leaves on the meeting's record is
// lib/meetings/run-output.ts; the tools it offers the model are lib/tools/types.ts.

import type { ProviderUsage, ToolCallRecord, TranscriptSegment, TurnMetrics, UnansweredReason } from "../meetings/run-output.ts";
import type { ToolSpec } from "../tools/types.ts";

/** Signed 16-bit little-endian mono PCM. Input to the pipeline is always 16 kHz. */
export interface PcmFrame {
  samples: Int16Array;
  sampleRate: number;
  /** Capture time of the first sample, ms on the session clock. */
  timeMs: number;
  /** The meeting participant who spoke, when the platform tells us (a stable id within the meeting). */
  speakerId?: string;
}

export const INPUT_SAMPLE_RATE = 16_000;

export type ProviderKind = "stt" | "ai" | "tts";

/** One provider as an agent configures it: catalogue id, the user's key, the agent's extra params. */
export interface ProviderConfig {
  providerId: string;
  apiKey: string;
  /** The model after defaults (extra params' `model`, else the catalogue's defaultModel). */
  model: string;
  /** Agent language (BCP 47 primary tag, e.g. "en", "de"). */
  language: string;
  /** The agent's extra params for this provider, validated against the catalogue. */
  extra: Record<string, unknown>;
}

/** Why a provider call failed. `invalid_key` ends the session; `transient` is retried with backoff. */
export type ProviderErrorKind = "invalid_key" | "transient" | "bad_request" | "unreachable";

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly providerKind: ProviderKind;
  readonly providerId: string;
  readonly status?: number;
  constructor(providerKind: ProviderKind, providerId: string, kind: ProviderErrorKind, message: string, status?: number) {
    super(message);
    this.name = "ProviderError";
    this.providerKind = providerKind;
    this.providerId = providerId;
    this.kind = kind;
    this.status = status;
  }
}

// ---------- speech-to-text ----------

export interface SttWord {
  text: string;
  startMs: number;
  endMs: number;
}

export type SttEvent =
  | { type: "interim"; text: string; speakerId?: string }
  | { type: "final"; text: string; words?: SttWord[]; speakerId?: string; startMs?: number; endMs?: number }
  /** The provider's own end-of-turn signal (Deepgram speech_final/UtteranceEnd, AssemblyAI end_of_turn). */
  | { type: "end_of_turn"; speakerId?: string };

export interface SttStream {
  /** 16 kHz PCM; the adapter converts to what the provider wants. */
  push(frame: PcmFrame): void;
  /** Our VAD heard the end of speech: flush now (Deepgram `Finalize`, AssemblyAI `ForceEndpoint`, HTTP: transcribe the buffered utterance). */
  finalize(): void;
  /** Closes the stream; resolves once the provider has sent its last results. */
  close(): Promise<void>;
  events: AsyncIterable<SttEvent>;
  /**
   * Resolves once the provider accepted the connection (key checked, socket open); rejects with a
   * ProviderError (e.g. invalid_key). The same error also ends `events`, so ignoring it is safe.
   */
  ready: Promise<void>;
  /**
   * Audio the provider bills so far, in ms (streamed audio for Deepgram, session time for AssemblyAI,
   * uploaded utterances for HTTP transcription). Grows monotonically; read it for usage ticks.
   */
  readonly audioMs: number;
}

export interface SttProvider {
  readonly providerId: string;
  readonly model: string;
  /** True when the provider sends its own end-of-turn events (otherwise the pipeline's VAD decides alone). */
  readonly turnEvents: boolean;
  /** Opens a stream: connections are made here, before the first turn, and reconnected on drops. */
  open(signal: AbortSignal): SttStream;
}

// ---------- LLM ----------

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  /** assistant: the tools it called in this message (its `content` may then be empty). */
  toolCalls?: ToolCall[];
  /** tool: which call `content` answers. */
  toolResult?: { callId: string; name: string; isError: boolean };
}

/** One call the model made, complete (adapters assemble the streamed pieces). */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the JSON text the model wrote ("{}" for none); it may not parse. */
  arguments: string;
  /** Opaque data the vendor wants back with the call in the next request (Gemini's thought signature). */
  signature?: string;
}

export type LlmChunk =
  | { type: "text"; delta: string }
  /** A complete call, as soon as the stream has all of it (several may follow; run them in parallel). */
  | { type: "tool_call"; call: ToolCall }
  | { type: "usage"; inputTokens: number; outputTokens: number };

export interface ChatOptions {
  /** Functions the model may call in this reply. */
  tools?: ToolSpec[];
  /** Overrides the agent's own output cap (e.g. a summary is longer than a spoken answer). */
  maxTokens?: number;
}

export interface LlmProvider {
  readonly providerId: string;
  readonly model: string;
  /** Opens (and keeps) the connection so the first turn does not pay for TLS set-up. */
  prewarm?(): Promise<void>;
  /** Streams a reply; aborting the signal stops the request at once. */
  chat(messages: ChatMessage[], signal: AbortSignal, options?: ChatOptions): AsyncIterable<LlmChunk>;
}

// ---------- text-to-speech ----------

/** One utterance of the agent: text in (sentence chunks), PCM out. */
export interface TtsStream {
  pushText(text: string): void;
  /** No more text for this utterance. */
  end(): void;
  /** Stops synthesis now (barge-in); `audio` ends without further frames. */
  cancel(): void;
  /** PCM at `TtsProvider.sampleRate`, in order, as it arrives. */
  audio: AsyncIterable<Int16Array>;
  /** Characters sent to the provider so far (what it bills); final once `audio` has ended or after cancel(). */
  readonly characters: number;
}

export interface TtsProvider {
  readonly providerId: string;
  readonly model: string;
  readonly sampleRate: number;
  prewarm?(): Promise<void>;
  open(signal: AbortSignal): TtsStream;
}

// ---------- the session the bot runtime drives ----------

/** Where the agent's voice goes: the bot's microphone (lib/bots/ bridge) or a test sink. */
export interface AudioSink {
  /** Queues PCM for gap-free playout after what is already queued. */
  play(samples: Int16Array, sampleRate: number): void;
  /** Silences the output now and drops everything queued (barge-in). */
  clear(): void;
}

export type SessionEvent =
  | { type: "transcript"; segment: TranscriptSegment }
  | { type: "usage"; usage: ProviderUsage }
  | { type: "metrics"; metrics: TurnMetrics }
  | { type: "speaking"; speaking: boolean }
  /** A reply began (true: the agent is thinking until its first audio) or is over (false). */
  | { type: "replying"; replying: boolean }
  /** A person's turn the agent heard and did not answer, and why (shown to the people in the call). */
  | { type: "unanswered"; reason: UnansweredReason; text: string }
  | { type: "activation"; active: boolean }
  /**
   * A provider keeps failing with errors that can pass (after the adapters' retries): `began` once,
   * then `ended` when it works again (the meeting goes on throughout; docs/voice.md, "Errors").
   */
  | { type: "outage"; state: "began"; error: ProviderError }
  | { type: "outage"; state: "ended"; providerKind: ProviderKind; lastedMs: number }
  /** The agent called a tool (after the call ended: result in, failed, timed out or abandoned). */
  | { type: "tool_call"; call: ToolCallRecord }
  /** A provider failed for good (invalid key, an outage past its limit): the bot leaves with provider_error. */
  | { type: "error"; error: ProviderError }
  /** The agent's answer to a chat question, complete: the bot posts it in the meeting's chat. */
  | { type: "chat_reply"; text: string };

/** A line someone typed in the meeting's chat (docs/bots.md, "Chat"). */
export interface ChatLine {
  /** The sender's display name, as the chat shows it. */
  senderName: string;
  /** The meeting's own identity of the sender (test room: the participant id the server stamped); null: a name only. */
  senderId: string | null;
  text: string;
}

export interface AgentVoiceConfig {
  name: string;
  /** The agent's description: its instructions. */
  instructions: string;
  language: string;
  wakeWord: string | null;
  manualActivation: boolean;
  /** A question typed in the chat is answered aloud too (else in the chat only). */
  chatAnswerAloud?: boolean;
  stt: ProviderConfig;
  ai: ProviderConfig;
  tts: ProviderConfig;
}

/** One agent in one meeting. Created by `createVoiceSession` (lib/voice/pipeline/session.ts). */
export interface VoiceSession {
  /** Opens every provider connection before the first turn; rejects with a ProviderError for a bad key. */
  start(): Promise<void>;
  /** Incoming meeting audio (16 kHz, tagged with the speaker where known). */
  pushAudio(frame: PcmFrame): void;
  /** Display names for transcripts and the LLM's speaker-labelled context. */
  setParticipantName(speakerId: string, name: string): void;
  /** The bot's own participant id once it has joined: frames tagged with it are the agent's own voice and never heard. */
  setSelfSpeakerId(speakerId: string): void;
  /** Manual activation: the agent answers only while activated. */
  setActivated(active: boolean): void;
  /** Speaks a fixed sentence (e.g. leaving because the credit ran out); resolves when it has played. */
  say(text: string): Promise<void>;
  /** A line typed in the meeting's chat: a transcript line, and a question when it names the agent or its wake word. */
  chat(line: ChatLine): void;
  /** Stops listening and speaking, closes connections, flushes usage. */
  stop(): Promise<void>;
}
