import type { ProviderKind, Voice } from "./catalogue.ts";

// How each provider lists the models (and voices) a key may use, and which of them fit a pipeline
// step: one request per page, the next page's query from the answer, and what to keep. Checked
// 2026-11-25 against each vendor's API reference and SDK (docs/providers.md "Models from the account").

export interface Listing {
  /** Path and query under the provider's API root. */
  path: string;
  /** What this listing fills. */
  yields: "models" | "voices";
  /** The next page's query, or null when this was the last. */
  next?: (json: unknown, query: URLSearchParams) => Record<string, string> | null;
  read(json: unknown, kind: ProviderKind): string[] | Voice[];
}

const list = (json: unknown, key: string): Record<string, unknown>[] => {
  const value = key ? (json as Record<string, unknown> | null)?.[key] : json;
  return Array.isArray(value) ? (value.filter((x) => x && typeof x === "object") as Record<string, unknown>[]) : [];
};
const ids = (items: Record<string, unknown>[], field: string) => items.map((m) => m[field]).filter((v): v is string => typeof v === "string" && v.length > 0);

// OpenAI's one list holds every kind of model; each step keeps the ones it can use.
const OPENAI_FOR: Record<ProviderKind, (id: string) => boolean> = {
  stt: (id) => /transcribe|^whisper/.test(id),
  tts: (id) => /(^|-)tts/.test(id),
  ai: (id) => /^(ft:)?(gpt-|o\d|chatgpt-)/.test(id) && !/transcribe|tts|audio|realtime|image|search|embedding/.test(id),
};

const openAiModels = (path: string, only?: Record<ProviderKind, (id: string) => boolean>): Listing => ({
  path,
  yields: "models",
  read: (json, kind) => ids(list(json, "data"), "id").filter((id) => !only || only[kind](id)),
});

export const LISTINGS: Record<string, Listing[]> = {
  openai: [openAiModels("/v1/models", OPENAI_FOR)],
  // Groq serves chat models beside its Whisper and TTS ones; the catalogue offers Groq for AI only.
  groq: [openAiModels("/openai/v1/models", { ai: (id) => !/whisper|tts|guard/.test(id), stt: () => false, tts: () => false })],
  // A server of the user's own: whatever it lists may be what they mean.
  "openai-compatible": [openAiModels("/models")],
  anthropic: [
    {
      path: "/v1/models?limit=1000",
      yields: "models",
      next: (json) => {
        const page = json as { has_more?: boolean; last_id?: string } | null;
        return page?.has_more && page.last_id ? { limit: "1000", after_id: page.last_id } : null;
      },
      read: (json) => ids(list(json, "data"), "id"),
    },
  ],
  gemini: [
    {
      path: "/v1beta/models?pageSize=1000",
      yields: "models",
      next: (json) => {
        const token = (json as { nextPageToken?: string } | null)?.nextPageToken;
        return token ? { pageSize: "1000", pageToken: token } : null;
      },
      // Only models that generate text for a conversation (not embeddings and the like).
      read: (json) =>
        list(json, "models")
          .filter((m) => Array.isArray(m.supportedGenerationMethods) && m.supportedGenerationMethods.includes("generateContent"))
          .map((m) => String(m.name ?? "").replace(/^models\//, ""))
          .filter(Boolean),
    },
  ],
  deepgram: [
    {
      path: "/v1/models",
      yields: "models",
      read: (json, kind) => (kind === "stt" ? ids(list(json, "stt").filter((m) => m.streaming !== false), "canonical_name") : ids(list(json, "tts"), "canonical_name")),
    },
  ],
  elevenlabs: [
    { path: "/v1/models", yields: "models", read: (json) => ids(list(json, "").filter((m) => m.can_do_text_to_speech !== false), "model_id") },
    {
      path: "/v2/voices?page_size=100",
      yields: "voices",
      next: (json) => {
        const page = json as { has_more?: boolean; next_page_token?: string } | null;
        return page?.has_more && page.next_page_token ? { page_size: "100", next_page_token: page.next_page_token } : null;
      },
      read: (json) => list(json, "voices").flatMap((v) => (typeof v.voice_id === "string" ? [{ id: v.voice_id, name: typeof v.name === "string" && v.name ? v.name : v.voice_id }] : [])),
    },
  ],
  // Cartesia lists voices, not models: its models stay the catalogue's.
  cartesia: [
    {
      path: "/voices?limit=100",
      yields: "voices",
      next: (json) => {
        const data = list(json, "data");
        const last = data.at(-1)?.id;
        return data.length === 100 && typeof last === "string" ? { limit: "100", starting_after: last } : null;
      },
      read: (json) => list(json, "data").flatMap((v) => (typeof v.id === "string" ? [{ id: v.id, name: typeof v.name === "string" && v.name ? v.name : v.id }] : [])),
    },
  ],
  // AssemblyAI has no model list.
  assemblyai: [],
};

/** Pages read per listing at most: an account with more is shown the first ones (and any id may be typed). */
export const MAX_PAGES = 5;
