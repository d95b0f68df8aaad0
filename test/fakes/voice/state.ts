import type { IncomingHttpHeaders } from "node:http";

// What the voice fakes share: timing, scripted content, injected failures and a record of every
// request. One instance serves every fake provider of a startVoiceFakes() server.

/** How long the fakes take; the bench subtracts these from what it measures. */
export interface FakeDelays {
  /** STT: end of an utterance (silence, Finalize, ForceEndpoint, upload) → its final transcript. */
  sttFinalMs: number;
  /** STT: an interim result per this much speech (audio time). */
  sttInterimEveryMs: number;
  /** LLM: request → first token. */
  llmFirstTokenMs: number;
  /** LLM: between tokens. */
  llmTokenMs: number;
  /** TTS: text → first audio. */
  ttsFirstAudioMs: number;
  /** TTS: between audio chunks (100 ms of audio each); 0 sends them back to back. */
  ttsChunkMs: number;
}

export interface VoiceFakeOptions {
  delays: FakeDelays;
  /** Frames louder than this (RMS, 0…32768) are speech to the fake STT. */
  speechRms: number;
  /** Speech shorter than this is a click, not an utterance (ms). */
  minSpeechMs: number;
  /** Flux has no endpointing parameter: its fake "model" ends a turn after this much silence. */
  fluxEndSilenceMs: number;
  /** Deepgram closes a socket that got neither audio nor KeepAlive for this long (NET-0001). */
  deepgramIdleMs: number;
  /** Cartesia forgets a context this long after its last audio (ms); later input on it is an error. */
  cartesiaContextTtlMs: number;
  /** Overrides the `inactivity_timeout` an ElevenLabs client asks for (ms), to test idle closes quickly. */
  elevenLabsInactivityMs: number | null;
  /** Audio the fake TTS makes per character of text. */
  ttsMsPerChar: number;
  /** STT text once the script is used up. */
  defaultTranscript: string;
  /**
   * Streaming STT: an utterance shorter than this (ms of audio from its start to its end) is a noise
   * burst, transcribed as nothing and taking no scripted line (a real model hears no words in 200 ms
   * of a jitter buffer's artefact). 0: every utterance takes the next line.
   */
  minScriptedSpeechMs: number;
  /** The providers' calendar (YYYY-MM-DD) for model retirements; null is today. A model past its retirement date is refused as the provider refuses it. */
  today: string | null;
}

const DEFAULT_FAKE_OPTIONS: VoiceFakeOptions = {
  delays: { sttFinalMs: 20, sttInterimEveryMs: 300, llmFirstTokenMs: 20, llmTokenMs: 2, ttsFirstAudioMs: 20, ttsChunkMs: 0 },
  speechRms: 300,
  minSpeechMs: 60,
  fluxEndSilenceMs: 400,
  deepgramIdleMs: 10_000,
  cartesiaContextTtlMs: 1000,
  elevenLabsInactivityMs: null,
  ttsMsPerChar: 60,
  defaultTranscript: "Hello there.",
  minScriptedSpeechMs: 0,
  today: null,
};

/**
 * A scripted LLM answer: text, or function calls the model makes (after saying `say`, if given).
 * A call is scripted by name and arguments; each dialect gives it its own id and wire form.
 * `unoffered: true` lets the model name a tool the request did not offer (models do hallucinate
 * calls, e.g. to a tool named earlier in the conversation); otherwise such a script is a mistake.
 */
export type ScriptedAnswer = string | { say?: string; calls: { name: string; arguments: Record<string, unknown> }[]; unoffered?: boolean };

/** What a fake LLM answers one request with. */
export interface FakeAnswer {
  text: string;
  calls: { name: string; arguments: Record<string, unknown> }[];
  /** The script lets it call tools the request did not offer. */
  unoffered?: boolean;
}

/** A failure the next matching request(s) get instead of an answer. */
export type FakeFailure =
  /** The provider's own error response with this status (401, 429, 500, 529, …). */
  | { status: number; echoKey?: boolean }
  /** The connection is cut before any answer. */
  | { drop: "before" }
  /** Part of the answer streams, then the connection is cut. */
  | { drop: "mid" }
  /** No answer at all (timeouts). */
  | { hang: true };

export interface SeenRequest {
  /** The URL prefix: "deepgram", "openai", "openai-compatible", … */
  provider: string;
  /** "listen", "chat", "speech", "transcribe", "models", "key-check", … */
  surface: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (HTTP) or null. */
  body: unknown;
  /** Multipart fields (transcription uploads). */
  fields?: Record<string, string>;
  /** WebSocket: text messages the client sent, parsed. */
  messages: unknown[];
  /** JSON the fake sent back: WebSocket messages (audio payloads included), an HTTP body, each event of a stream. */
  replies: unknown[];
  /** Audio the client sent (STT), in ms at 16 kHz. */
  audioMs: number;
  /** TCP connection number: equal numbers mean a reused (keep-alive) connection. */
  connection: number;
  /** The client went away before the answer was complete (cancellation reached the provider). */
  aborted: boolean;
  /** The fake closed the WebSocket (code) or finished the response. */
  closedWith?: number;
}

export class FakeState {
  options: VoiceFakeOptions;
  readonly requests: SeenRequest[] = [];
  private sttScript: string[] = [];
  private aiScript: ScriptedAnswer[] = [];
  private failures: { provider: string; surface?: string; failure: FakeFailure; times: number; until?: number }[] = [];

  /** The options the fakes were started with: what `reset()` returns to. */
  private readonly base: VoiceFakeOptions;

  constructor(options: Partial<VoiceFakeOptions> = {}) {
    this.base = mergeOptions(DEFAULT_FAKE_OPTIONS, options);
    this.options = mergeOptions(this.base, {});
  }

  set(options: Partial<Omit<VoiceFakeOptions, "delays">> & { delays?: Partial<FakeDelays> }): void {
    this.options = mergeOptions(this.options, options);
  }

  script(next: { stt?: string[]; ai?: ScriptedAnswer[] }): void {
    this.sttScript.push(...(next.stt ?? []));
    this.aiScript.push(...(next.ai ?? []));
  }

  failNext(provider: string, failure: FakeFailure, times = 1, surface?: string): void {
    this.failures.push({ provider, surface, failure, times });
  }

  reset(): void {
    this.options = mergeOptions(this.base, {});
    this.requests.length = 0;
    this.sttScript = [];
    this.aiScript = [];
    this.failures = [];
  }

  /** The fakes' date, YYYY-MM-DD. */
  today(): string {
    return this.options.today ?? new Date().toISOString().slice(0, 10);
  }

  /** The transcript the next utterance would get, without taking it (interim results). */
  peekTranscript(): string {
    return this.sttScript[0] ?? this.options.defaultTranscript;
  }

  /** The next utterance's transcript. */
  nextTranscript(): string {
    return this.sttScript.shift() ?? this.options.defaultTranscript;
  }

  /** The LLM's next answer: scripted (text and tool calls), else an echo of the last user message. */
  nextAnswer(lastUser: string): FakeAnswer {
    const scripted = this.aiScript.shift();
    if (typeof scripted === "object") return { text: scripted.say ?? "", calls: scripted.calls, unoffered: scripted.unoffered };
    return { text: scripted ?? this.echo(lastUser), calls: [] };
  }

  /** The LLM's next answer as text (dialects without tools). */
  nextReply(lastUser: string): string {
    return this.nextAnswer(lastUser).text;
  }

  private echo(lastUser: string): string {
    const heard = lastUser.replace(/\s+/g, " ").trim().slice(-200);
    return `You said: ${heard || "nothing"}. That is all I have to say.`;
  }

  /** Every request to `provider` (optionally one surface) fails for the next `ms`: an outage of that length. */
  failFor(provider: string, failure: FakeFailure, ms: number, surface?: string): void {
    this.failures.push({ provider, surface, failure, times: Infinity, until: Date.now() + ms });
  }

  takeFailure(provider: string, surface: string): FakeFailure | null {
    this.failures = this.failures.filter((f) => f.until === undefined || f.until > Date.now());
    const i = this.failures.findIndex((f) => f.provider === provider && (!f.surface || f.surface === surface));
    if (i === -1) return null;
    const entry = this.failures[i];
    if (--entry.times <= 0) this.failures.splice(i, 1);
    return entry.failure;
  }

  record(entry: Omit<SeenRequest, "messages" | "replies" | "audioMs" | "aborted">): SeenRequest {
    const seen: SeenRequest = { ...entry, messages: [], replies: [], audioMs: 0, aborted: false };
    this.requests.push(seen);
    return seen;
  }
}

function mergeOptions(base: VoiceFakeOptions, next: Partial<Omit<VoiceFakeOptions, "delays">> & { delays?: Partial<FakeDelays> }): VoiceFakeOptions {
  return { ...base, ...next, delays: { ...base.delays, ...next.delays } };
}
