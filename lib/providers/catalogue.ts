// The provider catalogue (seeded reference data; see docs/providers.md). Each entry lists its models
// and voices, the extra parameters an agent may set (with types and defaults) and its docs.
export type ExtraParamSpec = {
  name: string;
  type: "string" | "number" | "boolean";
  default?: string | number | boolean;
  description: string;
  required?: boolean;
  options?: string[];
  min?: number;
  max?: number;
};

export type ProviderKind = "stt" | "ai" | "tts";

export interface CatalogueEntry {
  kind: ProviderKind;
  id: string;
  name: string;
  isDefault?: boolean;
  defaultModel?: string;
  models: string[];
  voices?: { id: string; name: string }[];
  extraParams: ExtraParamSpec[];
  docsUrl: string;
  baseUrl?: string;
}

const BASE_URL: ExtraParamSpec = { name: "baseUrl", type: "string", required: true, description: "Base URL of the OpenAI-compatible API, e.g. https://api.example.com/v1" };
const MODEL: ExtraParamSpec = { name: "model", type: "string", description: "Model name (overrides the picker)" };
const TEMPERATURE: ExtraParamSpec = { name: "temperature", type: "number", default: 0.7, min: 0, max: 2, description: "Sampling temperature" };
const MAX_TOKENS: ExtraParamSpec = { name: "maxTokens", type: "number", default: 300, min: 1, max: 8192, description: "Longest reply in tokens (short replies suit speech)" };

export const PROVIDER_CATALOGUE: CatalogueEntry[] = [
  // Speech-to-text
  {
    kind: "stt", id: "deepgram", name: "Deepgram", isDefault: true, defaultModel: "nova-3", models: ["nova-3", "nova-2", "nova-2-meeting"],
    extraParams: [
      MODEL,
      { name: "endpointing", type: "number", default: 300, min: 10, max: 5000, description: "Silence in ms that ends an utterance" },
      { name: "smartFormat", type: "boolean", default: true, description: "Punctuation and number formatting" },
      { name: "keywords", type: "string", description: "Comma-separated words to boost (names, jargon)" },
    ],
    docsUrl: "https://developers.deepgram.com/docs/live-streaming-audio", baseUrl: "https://api.deepgram.com",
  },
  {
    kind: "stt", id: "assemblyai", name: "AssemblyAI", defaultModel: "universal-streaming", models: ["universal-streaming"],
    extraParams: [
      MODEL,
      { name: "endOfTurnConfidenceThreshold", type: "number", default: 0.7, min: 0, max: 1, description: "Confidence needed to end a turn" },
      { name: "formatTurns", type: "boolean", default: true, description: "Punctuated, formatted final turns" },
    ],
    docsUrl: "https://www.assemblyai.com/docs/speech-to-text/universal-streaming", baseUrl: "https://api.assemblyai.com",
  },
  {
    kind: "stt", id: "openai", name: "OpenAI", defaultModel: "gpt-4o-transcribe", models: ["gpt-4o-transcribe", "gpt-4o-mini-transcribe", "whisper-1"],
    extraParams: [MODEL, { name: "prompt", type: "string", description: "Vocabulary hint for the transcriber" }],
    docsUrl: "https://platform.openai.com/docs/guides/speech-to-text", baseUrl: "https://api.openai.com",
  },
  {
    kind: "stt", id: "openai-compatible", name: "OpenAI-compatible", defaultModel: "whisper-1", models: ["whisper-1"],
    extraParams: [BASE_URL, MODEL], docsUrl: "https://platform.openai.com/docs/api-reference/audio",
  },
  // AI (LLM)
  {
    kind: "ai", id: "openai", name: "OpenAI", isDefault: true, defaultModel: "gpt-4o-mini", models: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"],
    extraParams: [MODEL, TEMPERATURE, MAX_TOKENS], docsUrl: "https://platform.openai.com/docs/api-reference/chat", baseUrl: "https://api.openai.com",
  },
  {
    kind: "ai", id: "anthropic", name: "Anthropic", defaultModel: "claude-3-5-haiku-latest", models: ["claude-3-5-haiku-latest", "claude-sonnet-4-5", "claude-opus-4-1"],
    extraParams: [MODEL, { ...TEMPERATURE, default: 0.7, max: 1 }, MAX_TOKENS], docsUrl: "https://docs.anthropic.com/en/api/messages", baseUrl: "https://api.anthropic.com",
  },
  {
    kind: "ai", id: "gemini", name: "Google Gemini", defaultModel: "gemini-2.5-flash", models: ["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.0-flash"],
    extraParams: [MODEL, TEMPERATURE, MAX_TOKENS], docsUrl: "https://ai.google.dev/api/generate-content", baseUrl: "https://generativelanguage.googleapis.com",
  },
  {
    kind: "ai", id: "groq", name: "Groq", defaultModel: "llama-3.3-70b-versatile", models: ["llama-3.3-70b-versatile", "llama-3.1-8b-instant"],
    extraParams: [MODEL, TEMPERATURE, MAX_TOKENS], docsUrl: "https://console.groq.com/docs/api-reference", baseUrl: "https://api.groq.com",
  },
  {
    kind: "ai", id: "openai-compatible", name: "OpenAI-compatible", defaultModel: "", models: [],
    extraParams: [BASE_URL, { ...MODEL, required: true }, TEMPERATURE, MAX_TOKENS], docsUrl: "https://platform.openai.com/docs/api-reference/chat",
  },
  // Text-to-speech
  {
    kind: "tts", id: "elevenlabs", name: "ElevenLabs", isDefault: true, defaultModel: "eleven_flash_v2_5", models: ["eleven_flash_v2_5", "eleven_turbo_v2_5", "eleven_multilingual_v2"],
    voices: [{ id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel" }, { id: "pNInz6obpgDQGcFmaJgB", name: "Adam" }, { id: "EXAVITQu4vr4xnSDxMaL", name: "Bella" }],
    extraParams: [
      MODEL,
      { name: "voiceId", type: "string", default: "21m00Tcm4TlvDq8ikWAM", description: "Voice id" },
      { name: "stability", type: "number", default: 0.5, min: 0, max: 1, description: "Voice stability" },
      { name: "similarityBoost", type: "number", default: 0.75, min: 0, max: 1, description: "Similarity to the original voice" },
    ],
    docsUrl: "https://elevenlabs.io/docs/api-reference/text-to-speech/stream", baseUrl: "https://api.elevenlabs.io",
  },
  {
    kind: "tts", id: "cartesia", name: "Cartesia", defaultModel: "sonic-2", models: ["sonic-2", "sonic-turbo"],
    voices: [{ id: "a0e99841-438c-4a64-b679-ae501e7d6091", name: "Barbershop Man" }, { id: "79a125e8-cd45-4c13-8a67-188112f4dd22", name: "British Lady" }],
    extraParams: [
      MODEL,
      { name: "voiceId", type: "string", default: "a0e99841-438c-4a64-b679-ae501e7d6091", description: "Voice id" },
      { name: "speed", type: "string", default: "normal", options: ["slowest", "slow", "normal", "fast", "fastest"], description: "Speaking speed" },
    ],
    docsUrl: "https://docs.cartesia.ai/api-reference/tts/websocket", baseUrl: "https://api.cartesia.ai",
  },
  {
    kind: "tts", id: "deepgram", name: "Deepgram Aura", defaultModel: "aura-2-thalia-en", models: ["aura-2-thalia-en", "aura-2-andromeda-en", "aura-2-apollo-en"],
    extraParams: [MODEL], docsUrl: "https://developers.deepgram.com/docs/tts-websocket", baseUrl: "https://api.deepgram.com",
  },
  {
    kind: "tts", id: "openai", name: "OpenAI", defaultModel: "gpt-4o-mini-tts", models: ["gpt-4o-mini-tts", "tts-1"],
    voices: ["alloy", "ash", "coral", "echo", "nova", "sage", "shimmer"].map((v) => ({ id: v, name: v[0].toUpperCase() + v.slice(1) })),
    extraParams: [
      MODEL,
      { name: "voice", type: "string", default: "alloy", description: "Voice name" },
      { name: "instructions", type: "string", description: "How to speak (tone, pace)" },
    ],
    docsUrl: "https://platform.openai.com/docs/guides/text-to-speech", baseUrl: "https://api.openai.com",
  },
  {
    kind: "tts", id: "openai-compatible", name: "OpenAI-compatible", defaultModel: "tts-1", models: ["tts-1"],
    extraParams: [BASE_URL, MODEL, { name: "voice", type: "string", default: "alloy", description: "Voice name" }],
    docsUrl: "https://platform.openai.com/docs/api-reference/audio/createSpeech",
  },
];
