import { catalogueEntry } from "../../../lib/providers/catalogue.ts";
import { createVoiceSession, type VoiceProviders } from "../../../lib/voice/pipeline/session.ts";
import { createProviders } from "../../../lib/voice/providers/create-providers.ts";
import type { ProviderLogEvent } from "../../../lib/voice/providers/log.ts";
import type { ToolLimits } from "../../../lib/voice/pipeline/tool-runner.ts";
import type { AgentVoiceConfig, ProviderConfig, ProviderKind, SessionEvent, VoiceSession } from "../../../lib/voice/types.ts";
import type { TranscriptSegment } from "../../../lib/meetings/run-output.ts";
import type { AgentTools } from "../../../lib/tools/types.ts";
import type { VoiceFakes } from "../../fakes/voice/server.ts";
import { speechSamples } from "./speech.ts";

// A meeting for the pipeline tests: a real VoiceSession with the real provider adapters against
// the voice fakes, fed the speech fixtures as a browser bridge would (20 ms frames, tagged with
// the speaker), on a session clock that advances with the audio. Audio goes in faster than real
// time (PACE_MS of real time per frame) while the fakes answer in real time, so waits are written
// as "feed silence until something happens", never as durations.
const FRAME_MS = 20;
const PACE_MS = 5;

export interface AgentSetup {
  stt?: string;
  ai?: string;
  tts?: string;
  /** Provider ids whose key is wrong. */
  badKey?: ProviderKind[];
  wakeWord?: string | null;
  manualActivation?: boolean;
  /** Chat questions are answered aloud too. */
  chatAnswerAloud?: boolean;
  language?: string;
  instructions?: string;
  /** STT models differ by family (Deepgram Flux vs Nova). */
  sttModel?: string;
  /** The session's provider outage limit (ms of meeting time). */
  outageLimitMs?: number;
  /** What the agent may call, and the bounds of a call. */
  tools?: AgentTools;
  toolLimits?: Partial<ToolLimits>;
  /** Also hands every session event here (a bot's own handling of them, lib/bots/run/session-events.ts). */
  onEvent?: (e: SessionEvent) => void;
}

function providerConfig(kind: ProviderKind, providerId: string, fakes: VoiceFakes, setup: AgentSetup, model?: string): ProviderConfig {
  const entry = catalogueEntry(kind, providerId);
  if (!entry) throw new Error(`no ${kind} provider ${providerId}`);
  const extra: Record<string, unknown> = providerId === "openai-compatible" ? { baseUrl: fakes.compatibleBaseUrl, model: model ?? "local-model" } : {};
  return {
    providerId,
    apiKey: setup.badKey?.includes(kind) ? "sk-wrong-key-000000" : fakes.validKey,
    model: model ?? entry.defaultModel ?? "local-model",
    language: setup.language ?? "en",
    extra,
  };
}

export function agentConfig(fakes: VoiceFakes, setup: AgentSetup = {}): AgentVoiceConfig {
  return {
    name: "Cohost",
    instructions: setup.instructions ?? "You help the team run its meetings.",
    language: setup.language ?? "en",
    wakeWord: setup.wakeWord === undefined ? "Cohost" : setup.wakeWord,
    manualActivation: setup.manualActivation ?? false,
    chatAnswerAloud: setup.chatAnswerAloud ?? false,
    stt: providerConfig("stt", setup.stt ?? "deepgram", fakes, setup, setup.sttModel),
    ai: providerConfig("ai", setup.ai ?? "openai", fakes, setup),
    tts: providerConfig("tts", setup.tts ?? "elevenlabs", fakes, setup),
  };
}

/** Everything the session sent to the output, in order, on the session clock. */
export type SinkEntry = { type: "play"; atMs: number; samples: number; sampleRate: number } | { type: "clear"; atMs: number };

export class Meeting {
  clock = 0;
  readonly events: SessionEvent[] = [];
  readonly sink: SinkEntry[] = [];
  readonly log: ProviderLogEvent[] = [];
  /** The session's own log lines (event and fields). */
  readonly lines: { event: string; [field: string]: unknown }[] = [];
  readonly agent: AgentVoiceConfig;
  readonly session: VoiceSession;
  readonly providers: VoiceProviders;

  constructor(fakes: VoiceFakes, setup: AgentSetup = {}) {
    this.agent = agentConfig(fakes, setup);
    // Production adapters; only their retry back-off is shortened so failures resolve quickly.
    this.providers = createProviders(this.agent, { log: (e) => this.log.push(e), retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 }, connectTimeoutMs: 3000 });
    this.session = createVoiceSession({
      agent: this.agent,
      providers: this.providers,
      now: () => this.clock,
      log: (event, fields) => this.lines.push({ event, ...fields }),
      outageLimitMs: setup.outageLimitMs,
      onEvent: (e) => {
        this.events.push(e);
        setup.onEvent?.(e);
      },
      tools: setup.tools,
      toolLimits: setup.toolLimits,
      output: {
        play: (samples, sampleRate) => this.sink.push({ type: "play", atMs: this.clock, samples: samples.length, sampleRate }),
        clear: () => this.sink.push({ type: "clear", atMs: this.clock }),
      },
    });
  }

  /** How long after its capture each frame arrives (a steady delay on the way in); 0: at once. */
  lagMs = 0;

  async feed(samples: Int16Array, speakerId?: string): Promise<void> {
    const size = (16_000 * FRAME_MS) / 1000;
    for (let i = 0; i < samples.length; i += size) {
      this.session.pushAudio({ samples: samples.subarray(i, i + size), sampleRate: 16_000, timeMs: this.clock - this.lagMs, speakerId });
      this.clock += FRAME_MS;
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
  }

  /**
   * The worker was starved while `samples` were captured: the clock moves past them, then their
   * frames arrive in one burst stamped with their capture times, as the mixer hands over a backlog
   * (the first frame as late as the audio is long, the last one frame late).
   */
  async backlog(samples: Int16Array, speakerId?: string): Promise<void> {
    const size = (16_000 * FRAME_MS) / 1000;
    const capturedAt = this.clock;
    this.clock += (samples.length * 1000) / 16_000;
    for (let i = 0; i < samples.length; i += size) {
      this.session.pushAudio({ samples: samples.subarray(i, i + size), sampleRate: 16_000, timeMs: capturedAt + (i * 1000) / 16_000, speakerId });
    }
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }

  /** A fixture spoken by `speakerId` (it starts and ends with a little silence). */
  speak(fixture: string, speakerId?: string): Promise<void> {
    return this.feed(speechSamples(fixture), speakerId);
  }

  silence(ms: number): Promise<void> {
    return this.feed(new Int16Array((16 * ms) | 0));
  }

  /** Feeds silence until `done()` holds; fails after `maxMs` of meeting time. */
  async until(done: () => boolean, what: string, maxMs = 15_000): Promise<void> {
    const end = this.clock + maxMs;
    while (!done()) {
      if (this.clock >= end) throw new Error(`Timed out waiting for ${what}. Events: ${JSON.stringify(this.events)} Provider log: ${JSON.stringify(this.log)}`);
      await this.silence(FRAME_MS);
    }
  }

  of<T extends SessionEvent["type"]>(type: T): Extract<SessionEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type);
  }

  get transcript(): TranscriptSegment[] {
    return this.of("transcript").map((e) => e.segment);
  }

  /** The agent's lines in the transcript. */
  get replies(): TranscriptSegment[] {
    return this.transcript.filter((s) => s.isAgent);
  }

  /** Waits until the agent has finished its next reply (played out or cut off) and returns what it said. */
  async reply(): Promise<TranscriptSegment> {
    const before = this.of("metrics").length;
    const said = this.replies.length;
    await this.until(() => this.of("metrics").length > before, "the agent's reply");
    if (this.replies.length === said) throw new Error(`The agent said nothing. Events: ${JSON.stringify(this.events)} Provider log: ${JSON.stringify(this.log)}`);
    return this.replies[this.replies.length - 1];
  }

  get speaking(): boolean {
    const s = this.of("speaking");
    return s.length > 0 && s[s.length - 1].speaking;
  }
}
