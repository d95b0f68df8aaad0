// The provider catalogue: reference data seeded into the Provider table at every start (seed.ts;
// docs/providers.md). Each entry lists its models and voices, the extra parameters an agent may set
// (type, default, range or options) and its docs. Exactly one entry per kind is the default.
export type ProviderKind = "stt" | "ai" | "tts";
export const PROVIDER_KINDS: readonly ProviderKind[] = ["stt", "ai", "tts"];

export type ExtraParamSpec = {
  name: string;
  type: "string" | "number" | "boolean";
  description: string;
  default?: string | number | boolean;
  required?: boolean;
  options?: string[];
  min?: number;
  max?: number;
  /** "url": an http(s) URL (the OpenAI-compatible base URL). */
  format?: "url";
};

export type Voice = { id: string; name: string };

/** A model the provider has scheduled to retire (or has retired): the date requests start failing and what to pick instead. */
export type Retirement = { retiresOn: string; replacement: string };

export interface CatalogueEntry {
  kind: ProviderKind;
  id: string;
  name: string;
  isDefault?: boolean;
  /** Used when the agent's extra params set no `model`. */
  defaultModel: string | null;
  models: string[];
  voices?: Voice[];
  extraParams: ExtraParamSpec[];
  docsUrl: string;
  /** The provider's API host; null when the user supplies it (`baseUrl` extra param). */
  baseUrl: string | null;
  /** A server of the user's own may need no key (OpenAI-compatible); every other provider does. */
  keyOptional?: boolean;
  /**
   * Known retirement dates (YYYY-MM-DD, the provider's deprecation notes; docs/voice-providers.md),
   * also for models no longer offered, so agents still on them are warned and fail with a clear reason.
   */
  retirements?: Record<string, Retirement>;
}

// Parameters several providers share.
const BASE_URL: ExtraParamSpec = { name: "baseUrl", type: "string", format: "url", required: true, description: "Base URL of the OpenAI-compatible API, e.g. https://api.example.com/v1" };
const MODEL: ExtraParamSpec = { name: "model", type: "string", description: "Model (overrides the provider's default model)" };
const TEMPERATURE: ExtraParamSpec = { name: "temperature", type: "number", default: 0.7, min: 0, max: 2, description: "Sampling temperature" };
const MAX_TOKENS: ExtraParamSpec = { name: "maxTokens", type: "number", default: 300, min: 1, max: 16384, description: "Longest reply in tokens (short replies suit speech)" };

const OPENAI_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer", "verse"];
const capitalised = (id: string): Voice => ({ id, name: id[0].toUpperCase() + id.slice(1) });

export const PROVIDER_CATALOGUE: CatalogueEntry[] = [
  // Speech-to-text
  {
    kind: "stt", id: "deepgram", name: "Deepgram", isDefault: true,
    defaultModel: "nova-3", models: ["nova-3", "nova-3-medical", "nova-2", "nova-2-meeting", "flux-general-en"],
    extraParams: [
      MODEL,
      // Deepgram's own query parameter names (its docs use these), one for one on the wire.
      { name: "endpointing", type: "number", default: 300, min: 10, max: 5000, description: "Silence in ms that ends an utterance" },
      { name: "utterance_end_ms", type: "number", default: 1000, min: 1000, max: 5000, description: "Gap in ms between words that closes an utterance" },
      { name: "interim_results", type: "boolean", default: true, description: "Send partial transcripts while people speak" },
      { name: "smart_format", type: "boolean", default: true, description: "Punctuation and number formatting" },
      { name: "diarize", type: "boolean", default: false, description: "Label speakers" },
      { name: "keyterm", type: "string", default: "", description: "Comma-separated terms to boost (names, jargon)" },
    ],
    docsUrl: "https://developers.deepgram.com/docs/live-streaming-audio", baseUrl: "https://api.deepgram.com",
  },
  {
    kind: "stt", id: "assemblyai", name: "AssemblyAI",
    defaultModel: "universal-streaming-english", models: ["universal-streaming-english", "universal-streaming-multilingual"],
    extraParams: [
      MODEL,
      // AssemblyAI's own query parameter names; min_turn_silence replaced min_end_of_turn_silence_when_confident.
      { name: "end_of_turn_confidence_threshold", type: "number", default: 0.4, min: 0, max: 1, description: "Confidence needed to end a turn" },
      { name: "min_turn_silence", type: "number", default: 400, min: 0, max: 10000, description: "Silence in ms that ends a confident turn" },
      { name: "max_turn_silence", type: "number", default: 1280, min: 0, max: 10000, description: "Silence in ms that always ends a turn" },
      { name: "format_turns", type: "boolean", default: true, description: "Punctuated, formatted final turns" },
      { name: "keyterms_prompt", type: "string", default: "", description: "Comma-separated terms to boost" },
    ],
    docsUrl: "https://www.assemblyai.com/docs/speech-to-text/universal-streaming", baseUrl: "https://api.assemblyai.com",
  },
  {
    kind: "stt", id: "openai", name: "OpenAI",
    defaultModel: "gpt-4o-transcribe", models: ["gpt-4o-transcribe", "gpt-4o-mini-transcribe", "whisper-1"],
    extraParams: [MODEL, { name: "prompt", type: "string", default: "", description: "Vocabulary or style hint for the transcriber" }],
    docsUrl: "https://platform.openai.com/docs/guides/speech-to-text", baseUrl: "https://api.openai.com",
  },
  {
    kind: "stt", id: "openai-compatible", name: "OpenAI-compatible",
    defaultModel: "whisper-1", models: ["whisper-1"],
    extraParams: [BASE_URL, MODEL, { name: "prompt", type: "string", default: "", description: "Vocabulary or style hint for the transcriber" }],
    docsUrl: "https://platform.openai.com/docs/api-reference/audio/createTranscription", baseUrl: null, keyOptional: true,
  },
  // AI (LLM)
  {
    kind: "ai", id: "openai", name: "OpenAI", isDefault: true,
    defaultModel: "gpt-4o-mini", models: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1", "gpt-4.1-nano"],
    extraParams: [MODEL, TEMPERATURE, MAX_TOKENS],
    docsUrl: "https://platform.openai.com/docs/api-reference/chat", baseUrl: "https://api.openai.com",
  },
  {
    kind: "ai", id: "anthropic", name: "Anthropic",
    // API version 2026-10-21 refuses temperature, top_p and top_k (400), so there is no temperature here.
    defaultModel: "claude-haiku-4-5", models: ["claude-haiku-4-5", "claude-haiku-5-5", "claude-sonnet-4-6", "claude-sonnet-5-5", "claude-opus-4-8", "claude-opus-5-5"],
    extraParams: [MODEL, MAX_TOKENS],
    docsUrl: "https://docs.anthropic.com/en/api/messages", baseUrl: "https://api.anthropic.com",
    retirements: {
      "claude-sonnet-4-5": { retiresOn: "2026-11-30", replacement: "claude-sonnet-4-6" },
      "claude-sonnet-4-5-20250929": { retiresOn: "2026-11-30", replacement: "claude-sonnet-4-6" },
      "claude-opus-4-5": { retiresOn: "2027-01-22", replacement: "claude-opus-4-8" },
      "claude-opus-4-5-20251101": { retiresOn: "2027-01-22", replacement: "claude-opus-4-8" },
      "claude-opus-4-1": { retiresOn: "2026-08-05", replacement: "claude-opus-4-8" },
      "claude-opus-4-1-20250805": { retiresOn: "2026-08-05", replacement: "claude-opus-4-8" },
    },
  },
  {
    kind: "ai", id: "gemini", name: "Google Gemini",
    defaultModel: "gemini-2.5-flash", models: ["gemini-2.5-flash", "gemini-2.5-flash-lite", "gemini-2.5-pro"],
    extraParams: [
      MODEL, TEMPERATURE, MAX_TOKENS,
      { name: "thinkingBudget", type: "number", default: 0, min: 0, max: 24576, description: "Thinking tokens before answering (0 = fastest)" },
    ],
    docsUrl: "https://ai.google.dev/api/generate-content", baseUrl: "https://generativelanguage.googleapis.com",
  },
  {
    kind: "ai", id: "groq", name: "Groq",
    defaultModel: "llama-3.3-70b-versatile", models: ["llama-3.3-70b-versatile", "llama-3.1-8b-instant", "openai/gpt-oss-120b", "openai/gpt-oss-20b"],
    extraParams: [MODEL, TEMPERATURE, MAX_TOKENS],
    docsUrl: "https://console.groq.com/docs/api-reference", baseUrl: "https://api.groq.com",
  },
  {
    kind: "ai", id: "openai-compatible", name: "OpenAI-compatible",
    defaultModel: null, models: [],
    extraParams: [BASE_URL, { ...MODEL, required: true, description: "Model name at that endpoint" }, TEMPERATURE, MAX_TOKENS],
    docsUrl: "https://platform.openai.com/docs/api-reference/chat", baseUrl: null, keyOptional: true,
  },
  // Text-to-speech
  {
    kind: "tts", id: "elevenlabs", name: "ElevenLabs", isDefault: true,
    defaultModel: "eleven_flash_v2_5", models: ["eleven_flash_v2_5", "eleven_turbo_v2_5", "eleven_multilingual_v2"],
    voices: [
      { id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel" },
      { id: "pNInz6obpgDQGcFmaJgB", name: "Adam" },
      { id: "EXAVITQu4vr4xnSDxMaL", name: "Bella" },
      { id: "ErXwobaYiN019PkySvjV", name: "Antoni" },
    ],
    extraParams: [
      MODEL,
      { name: "voiceId", type: "string", default: "21m00Tcm4TlvDq8ikWAM", description: "Voice id" },
      { name: "stability", type: "number", default: 0.5, min: 0, max: 1, description: "Voice stability" },
      { name: "similarityBoost", type: "number", default: 0.75, min: 0, max: 1, description: "Similarity to the original voice" },
      { name: "speed", type: "number", default: 1, min: 0.7, max: 1.2, description: "Speaking speed" },
      { name: "outputFormat", type: "string", default: "pcm_22050", options: ["pcm_16000", "pcm_22050", "pcm_24000", "pcm_44100"], description: "Audio format" },
    ],
    docsUrl: "https://elevenlabs.io/docs/api-reference/text-to-speech/stream", baseUrl: "https://api.elevenlabs.io",
  },
  {
    kind: "tts", id: "cartesia", name: "Cartesia",
    // The models of @cartesia/cartesia-js 4.2 (sonic-2 and sonic-turbo are gone from it).
    defaultModel: "sonic-3", models: ["sonic-3", "sonic-3.5"],
    voices: [
      { id: "a0e99841-438c-4a64-b679-ae501e7d6091", name: "Barbershop Man" },
      { id: "79a125e8-cd45-4c13-8a67-188112f4dd22", name: "British Lady" },
      { id: "694f9389-aac1-45b6-b726-9d9369183238", name: "Sarah" },
    ],
    extraParams: [
      MODEL,
      { name: "voiceId", type: "string", default: "a0e99841-438c-4a64-b679-ae501e7d6091", description: "Voice id" },
      { name: "speed", type: "number", default: 1, min: 0.6, max: 1.5, description: "Speaking speed" },
      { name: "volume", type: "number", default: 1, min: 0.5, max: 2, description: "Loudness" },
    ],
    docsUrl: "https://docs.cartesia.ai/api-reference/tts/websocket", baseUrl: "https://api.cartesia.ai",
  },
  {
    // Aura's model name is also its voice (aura-2-<voice>-<language>).
    kind: "tts", id: "deepgram", name: "Deepgram Aura",
    defaultModel: "aura-2-thalia-en",
    models: ["aura-2-thalia-en", "aura-2-andromeda-en", "aura-2-helena-en", "aura-2-apollo-en", "aura-2-arcas-en", "aura-2-luna-en", "aura-2-julius-de", "aura-2-viktoria-de"],
    extraParams: [MODEL, { name: "speed", type: "number", default: 1, min: 0.7, max: 1.5, description: "Speaking speed" }],
    docsUrl: "https://developers.deepgram.com/docs/tts-websocket", baseUrl: "https://api.deepgram.com",
  },
  {
    kind: "tts", id: "openai", name: "OpenAI",
    defaultModel: "gpt-4o-mini-tts", models: ["gpt-4o-mini-tts", "tts-1", "tts-1-hd"],
    voices: OPENAI_VOICES.map(capitalised),
    extraParams: [
      MODEL,
      { name: "voice", type: "string", default: "alloy", options: OPENAI_VOICES, description: "Voice" },
      { name: "speed", type: "number", default: 1, min: 0.25, max: 4, description: "Speaking speed" },
      { name: "instructions", type: "string", default: "", description: "How to speak: tone, pace (gpt-4o-mini-tts only)" },
    ],
    docsUrl: "https://platform.openai.com/docs/guides/text-to-speech", baseUrl: "https://api.openai.com",
  },
  {
    kind: "tts", id: "openai-compatible", name: "OpenAI-compatible",
    defaultModel: "tts-1", models: ["tts-1"],
    extraParams: [
      BASE_URL, MODEL,
      { name: "voice", type: "string", default: "alloy", description: "Voice name at that endpoint" },
      { name: "speed", type: "number", default: 1, min: 0.25, max: 4, description: "Speaking speed" },
    ],
    docsUrl: "https://platform.openai.com/docs/api-reference/audio/createSpeech", baseUrl: null, keyOptional: true,
  },
];

export function catalogueEntry(kind: ProviderKind, id: string): CatalogueEntry | undefined {
  return PROVIDER_CATALOGUE.find((p) => p.kind === kind && p.id === id);
}
