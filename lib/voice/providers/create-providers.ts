import type { AgentVoiceConfig, LlmProvider, ProviderConfig, ProviderKind, SttProvider, TtsProvider } from "../types.ts";
import { createAnthropicLlm } from "./ai/anthropic.ts";
import { createGeminiLlm } from "./ai/gemini.ts";
import { createOpenAiChatLlm } from "./ai/openai.ts";
import { providerError } from "./errors.ts";
import { adapterOptions, type AdapterOptions } from "./options.ts";
import { createAssemblyAiStt } from "./stt/assemblyai.ts";
import { createDeepgramStt } from "./stt/deepgram.ts";
import { createOpenAiStt } from "./stt/openai.ts";
import { createCartesiaTts } from "./tts/cartesia.ts";
import { createDeepgramTts } from "./tts/deepgram.ts";
import { createElevenLabsTts } from "./tts/elevenlabs.ts";
import { createOpenAiTts } from "./tts/openai.ts";

type Factory<T> = (config: ProviderConfig, options: AdapterOptions) => T;

// One adapter per catalogue entry (lib/providers/catalogue.ts).
const STT: Record<string, Factory<SttProvider>> = {
  deepgram: createDeepgramStt,
  assemblyai: createAssemblyAiStt,
  openai: createOpenAiStt,
  "openai-compatible": createOpenAiStt,
};
const AI: Record<string, Factory<LlmProvider>> = {
  openai: createOpenAiChatLlm,
  groq: createOpenAiChatLlm,
  "openai-compatible": createOpenAiChatLlm,
  anthropic: createAnthropicLlm,
  gemini: createGeminiLlm,
};
const TTS: Record<string, Factory<TtsProvider & { close(): void }>> = {
  elevenlabs: createElevenLabsTts,
  cartesia: createCartesiaTts,
  deepgram: createDeepgramTts,
  openai: createOpenAiTts,
  "openai-compatible": createOpenAiTts,
};

export interface SessionProviders {
  stt: SttProvider;
  ai: LlmProvider;
  tts: TtsProvider;
  /** Closes what the session holds open between turns (the TTS socket); call once when it ends. */
  close(): void;
}

function pick<T>(table: Record<string, Factory<T>>, kind: ProviderKind, config: ProviderConfig, options: AdapterOptions): T {
  const factory = Object.hasOwn(table, config.providerId) ? table[config.providerId] : undefined;
  if (!factory) throw providerError({ kind, providerId: config.providerId, apiKey: config.apiKey }, "bad_request", "no adapter for this provider");
  return factory(config, options);
}

/** A text-to-speech provider on its own (the operator's smoke test, scripts/bot-smoke.ts, speaks with it). */
export function createTts(config: ProviderConfig, options: Partial<AdapterOptions> = {}): TtsProvider & { close(): void } {
  return pick(TTS, "tts", config, adapterOptions(options));
}

/** An LLM on its own (the after-meeting summary writes with the agent's model). */
export function createLlm(config: ProviderConfig, options: Partial<AdapterOptions> = {}): LlmProvider {
  return pick(AI, "ai", config, adapterOptions(options));
}

/**
 * The three providers of one agent's session, from its voice config. Throws a bad_request
 * ProviderError for an unknown provider or an unusable base URL; nothing connects until the session
 * calls prewarm()/open(). `options` is for tests and the bench (shorter retries, a log sink).
 */
export function createProviders(config: Pick<AgentVoiceConfig, "stt" | "ai" | "tts">, options: Partial<AdapterOptions> = {}): SessionProviders {
  const resolved = adapterOptions(options);
  const stt = pick(STT, "stt", config.stt, resolved);
  const ai = pick(AI, "ai", config.ai, resolved);
  const tts = pick(TTS, "tts", config.tts, resolved);
  return { stt, ai, tts, close: () => tts.close() };
}
