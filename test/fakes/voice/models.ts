import type http from "node:http";
import { deepgramError, AURA_MODELS, FLUX_MODELS, NOVA_MODELS } from "./deepgram-params.ts";
import { errorBody, failBeforeAnswer } from "./errors.ts";
import { sendJson } from "./http-util.ts";
import { modelProblem, SERVED_MODELS, sendOpenAiProblem } from "./openai-schema.ts";
import type { FakeCall, HttpRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// The providers' model and voice lists, which "Test key" and the agent form's account models read
// (Anthropic's is in anthropic.ts). Each checks its provider's auth scheme first, refuses query
// parameters the endpoint does not have with the provider's own error, pages the way the provider
// pages, and answers exactly the fields the vendor's SDK declares (test/voice/providers/sdk/).
// Checked 2026-11-25 against openai 7.57, @google/genai 3.3, @deepgram/sdk 5.13,
// @elevenlabs/elevenlabs-js 2.73 and @cartesia/cartesia-js 4.2.

/** The one query parameter the endpoint does not know, if any. */
const unknownParam = (call: FakeCall, known: string[]) => [...call.url.searchParams.keys()].find((k) => !known.includes(k));

/** The served models of an OpenAI-style API; the OpenAI-compatible stand-in has its own small set. */
const COMPATIBLE_MODELS = ["local-llama-3.1-8b", "whisper-1", "tts-1"];

// ---------- OpenAI, Groq, OpenAI-compatible: GET <root>/models[/{id}] ----------

export function openAiModels(call: FakeCall, res: http.ServerResponse): void {
  if (call.req.headers.authorization !== `Bearer ${VALID_KEY}`) return sendJson(res, 401, errorBody("openai", 401));
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const unknown = unknownParam(call, []);
  if (unknown) return sendOpenAiProblem(res, { status: 400, message: `Unrecognized request argument supplied: ${unknown}`, param: null, code: null });
  const served = SERVED_MODELS[call.provider] ?? COMPATIBLE_MODELS;
  const owner = call.provider === "groq" ? "Meta" : call.provider === "openai" ? "system" : "organization-owner";
  const model = (id: string) => ({
    id,
    object: "model",
    created: 1_715_367_049,
    owned_by: id.startsWith("ft:") ? "acme" : owner,
    // Groq describes its models further; the OpenAI SDK passes unknown fields through.
    ...(call.provider === "groq" ? { active: true, context_window: 131_072, public_apps: null, max_completion_tokens: 32_768 } : {}),
  });
  const id = decodeURIComponent(call.params[0] ?? "");
  if (!id) return sendJson(res, 200, { object: "list", data: served.map(model) });
  // A server of our own answers any model id; OpenAI and Groq only the ones they serve.
  const problem = modelProblem(call, id);
  if (problem) return sendOpenAiProblem(res, problem);
  sendJson(res, 200, model(id));
}

// ---------- Gemini: GET /v1beta/models[/{id}] ----------

const GEMINI_MODELS: { id: string; display: string; methods: string[]; thinking: boolean }[] = [
  { id: "gemini-2.5-flash", display: "Gemini 2.5 Flash", methods: ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"], thinking: true },
  { id: "gemini-2.5-flash-lite", display: "Gemini 2.5 Flash-Lite", methods: ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"], thinking: true },
  { id: "gemini-2.5-pro", display: "Gemini 2.5 Pro", methods: ["generateContent", "countTokens", "createCachedContent", "batchGenerateContent"], thinking: true },
  { id: "gemini-3-flash-preview", display: "Gemini 3 Flash Preview", methods: ["generateContent", "countTokens", "createCachedContent"], thinking: true },
  { id: "gemini-embedding-001", display: "Gemini Embedding 001", methods: ["embedContent", "countTextTokens", "countTokens", "asyncBatchEmbedContent"], thinking: false },
];

export const GEMINI_BAD_KEY = {
  error: {
    code: 400,
    message: "API key not valid. Please pass a valid API key.",
    status: "INVALID_ARGUMENT",
    details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
  },
};

/** A Google API error ({error: {code, message, status}}). */
export function geminiError(res: http.ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}

export function geminiAuthorized(call: FakeCall): boolean {
  return call.req.headers["x-goog-api-key"] === VALID_KEY || call.url.searchParams.get("key") === VALID_KEY;
}

/** Is this a model the fake Gemini API serves (for generateContent)? */
export function geminiServes(id: string): boolean {
  return GEMINI_MODELS.some((m) => m.id === id && m.methods.includes("generateContent"));
}

function geminiModel(m: (typeof GEMINI_MODELS)[number]) {
  return {
    name: `models/${m.id}`,
    version: "001",
    displayName: m.display,
    description: `${m.display} (fake)`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: m.methods.includes("generateContent") ? 65_536 : 1,
    supportedGenerationMethods: m.methods,
    ...(m.methods.includes("generateContent") ? { temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2, thinking: m.thinking } : {}),
  };
}

export function geminiModels(call: FakeCall, res: http.ServerResponse): void {
  if (!geminiAuthorized(call)) return sendJson(res, 400, GEMINI_BAD_KEY);
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const id = decodeURIComponent(call.params[0] ?? "");
  const unknown = unknownParam(call, id ? ["key", "$alt", "alt"] : ["key", "pageSize", "pageToken", "$alt", "alt"]);
  if (unknown) {
    return geminiError(res, 400, "INVALID_ARGUMENT", `Invalid JSON payload received. Unknown name "${unknown}": Cannot bind query parameter. Field '${unknown}' could not be found in request message.`);
  }
  if (id) {
    const model = GEMINI_MODELS.find((m) => m.id === id);
    return model ? sendJson(res, 200, geminiModel(model)) : geminiError(res, 404, "NOT_FOUND", `models/${id} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`);
  }
  const size = Number(call.url.searchParams.get("pageSize") ?? 50);
  if (!Number.isInteger(size) || size < 0) return geminiError(res, 400, "INVALID_ARGUMENT", "Invalid value at 'page_size' (TYPE_INT32)");
  const pageSize = Math.min(size || 50, 1000);
  const from = Number(call.url.searchParams.get("pageToken") ?? 0);
  const page = GEMINI_MODELS.slice(from, from + pageSize).map(geminiModel);
  const next = from + pageSize < GEMINI_MODELS.length ? { nextPageToken: String(from + pageSize) } : {};
  sendJson(res, 200, { models: page, ...next });
}

// ---------- Deepgram: GET /v1/models, GET /v1/projects ----------

function deepgramAuthorized(call: FakeCall, res: http.ServerResponse): boolean {
  if (call.req.headers.authorization === `Token ${VALID_KEY}`) return true;
  const { body, headers } = deepgramError("INVALID_AUTH", "Invalid credentials.");
  sendJson(res, 401, body, headers);
  return false;
}

export function deepgramModels(call: FakeCall, res: http.ServerResponse): void {
  if (!deepgramAuthorized(call, res)) return;
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const unknown = unknownParam(call, ["include_outdated"]);
  if (unknown) {
    const { body, headers } = deepgramError("INVALID_QUERY_PARAMETER", `Unknown query parameter: ${unknown}`);
    return sendJson(res, 400, body, headers);
  }
  const uuid = (i: number) => `0b7f7b7e-5b2c-4d5e-9a3c-${String(1000 + i).padStart(12, "0")}`;
  const language = (name: string) => (name.endsWith("-de") ? ["de"] : name.endsWith("-es") ? ["es"] : ["en", "en-US"]);
  sendJson(res, 200, {
    stt: [...NOVA_MODELS.filter((m) => m.startsWith("nova")), ...FLUX_MODELS].map((name, i) => ({
      name: name.replace(/-(en|multi)$/, ""),
      canonical_name: name,
      architecture: name.split("-").slice(0, 2).join("-"),
      languages: name.startsWith("flux") ? ["en"] : ["en", "de", "es", "fr", "multi"],
      version: "2026-09-01.0",
      uuid: uuid(i),
      batch: !name.startsWith("flux"),
      streaming: true,
      formatted_output: true,
    })),
    tts: AURA_MODELS.map((name, i) => ({
      name: name.split("-").at(-2),
      canonical_name: name,
      architecture: name.startsWith("aura-2") ? "aura-2" : "aura",
      languages: language(name),
      version: "2025-04-07.0",
      uuid: uuid(100 + i),
      metadata: { accent: "American", age: "Adult", color: "#C58DFF", image: "https://static.deepgram.com/examples/avatars/thalia.jpg", sample: "https://static.deepgram.com/examples/Aura-2-thalia.wav", tags: ["feminine"], use_cases: ["casual chat"] },
    })),
  });
}

export function deepgramProjects(call: FakeCall, res: http.ServerResponse): void {
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  if (!deepgramAuthorized(call, res)) return;
  sendJson(res, 200, { projects: [{ project_id: "3f6f7a55-9d2e-4b0e-8f3c-2f4b1c0d9e11", name: "Cohost fake project" }] });
}

// ---------- ElevenLabs: GET /v1/models, GET /v2/voices ----------

const ELEVENLABS_MODELS = [
  { model_id: "eleven_flash_v2_5", name: "Eleven Flash v2.5", languages: 32 },
  { model_id: "eleven_turbo_v2_5", name: "Eleven Turbo v2.5", languages: 32 },
  { model_id: "eleven_multilingual_v2", name: "Eleven Multilingual v2", languages: 29 },
  { model_id: "eleven_v3", name: "Eleven v3", languages: 70 },
  { model_id: "eleven_multilingual_sts_v2", name: "Eleven Multilingual v2 (speech to speech)", languages: 29, sts: true },
];
/** The account's voices: the premade ones of the catalogue and one the user cloned. */
export const ELEVENLABS_VOICES = [
  { voice_id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel", category: "premade" },
  { voice_id: "pNInz6obpgDQGcFmaJgB", name: "Adam", category: "premade" },
  { voice_id: "EXAVITQu4vr4xnSDxMaL", name: "Bella", category: "premade" },
  { voice_id: "ErXwobaYiN019PkySvjV", name: "Antoni", category: "premade" },
  { voice_id: "cL0n3dV01c3Xyz123456", name: "My cloned voice", category: "cloned" },
];

function elevenLabsAuthorized(call: FakeCall, res: http.ServerResponse): boolean {
  if (call.req.headers["xi-api-key"] === VALID_KEY) return true;
  sendJson(res, 401, { detail: { status: "invalid_api_key", message: "Invalid API key" } });
  return false;
}

function elevenLabsUnprocessable(res: http.ServerResponse, loc: string[], msg: string): void {
  sendJson(res, 422, { detail: [{ loc, msg, type: "value_error" }] });
}

export function elevenLabsModels(call: FakeCall, res: http.ServerResponse): void {
  if (!elevenLabsAuthorized(call, res)) return;
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const unknown = unknownParam(call, []);
  if (unknown) return elevenLabsUnprocessable(res, ["query", unknown], "Extra inputs are not permitted");
  sendJson(
    res,
    200,
    ELEVENLABS_MODELS.map((m) => ({
      model_id: m.model_id,
      name: m.name,
      can_be_finetuned: true,
      can_do_text_to_speech: !m.sts,
      can_do_voice_conversion: Boolean(m.sts),
      can_use_style: true,
      can_use_speaker_boost: true,
      serves_pro_voices: false,
      token_cost_factor: m.model_id.includes("flash") ? 0.5 : 1,
      description: `${m.name} (fake)`,
      requires_alpha_access: false,
      max_characters_request_free_user: 2500,
      max_characters_request_subscribed_user: 10_000,
      maximum_text_length_per_request: 40_000,
      languages: [
        { language_id: "en", name: "English" },
        { language_id: "de", name: "German" },
      ].slice(0, m.languages > 1 ? 2 : 1),
      concurrency_group: "standard",
    })),
  );
}

const VOICE_QUERY = ["next_page_token", "page_size", "search", "sort", "sort_direction", "voice_type", "category", "fine_tuning_state", "collection_id", "include_total_count", "voice_ids"];

export function elevenLabsVoices(call: FakeCall, res: http.ServerResponse): void {
  if (!elevenLabsAuthorized(call, res)) return;
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const q = call.url.searchParams;
  const unknown = unknownParam(call, VOICE_QUERY);
  if (unknown) return elevenLabsUnprocessable(res, ["query", unknown], "Extra inputs are not permitted");
  const size = Number(q.get("page_size") ?? 10);
  if (!Number.isInteger(size) || size < 1 || size > 100) return elevenLabsUnprocessable(res, ["query", "page_size"], "Input should be less than or equal to 100");
  const from = Number(q.get("next_page_token") ?? 0);
  const page = ELEVENLABS_VOICES.slice(from, from + size);
  const more = from + size < ELEVENLABS_VOICES.length;
  sendJson(res, 200, {
    voices: page.map((v) => ({ voice_id: v.voice_id, name: v.name, category: v.category, labels: { accent: "american" }, description: null, preview_url: null, is_owner: v.category === "cloned" })),
    has_more: more,
    total_count: ELEVENLABS_VOICES.length,
    ...(more ? { next_page_token: String(from + size) } : {}),
  });
}

/** GET /v1/user: what "Test key" calls. */
export function elevenLabsUser(call: FakeCall, res: http.ServerResponse): void {
  if (!elevenLabsAuthorized(call, res)) return;
  sendJson(res, 200, { user_id: "fake-user", subscription: { tier: "free", character_count: 0, character_limit: 10_000 }, is_new_user: false, xi_api_key: null, can_use_delayed_payment_methods: false });
}

// ---------- Cartesia: GET /voices ----------

const CARTESIA_VOICES = [
  { id: "a0e99841-438c-4a64-b679-ae501e7d6091", name: "Barbershop Man", owner: false, language: "en" },
  { id: "79a125e8-cd45-4c13-8a67-188112f4dd22", name: "British Lady", owner: false, language: "en" },
  { id: "694f9389-aac1-45b6-b726-9d9369183238", name: "Sarah", owner: false, language: "en" },
  { id: "b7d50908-b17c-442d-ad8d-810c63997ed9", name: "Klara", owner: false, language: "de" },
  { id: "5f0c1f4e-2a8e-4d3b-9c57-0e9d3a6b1c22", name: "Our support voice", owner: true, language: "en" },
];
export const CARTESIA_VERSIONS = ["2024-06-10", "2024-11-13", "2025-04-16", "2026-03-01", "2026-08-14"];

/** Cartesia's key (bearer or X-API-Key) and version header, checked as the API does; null when both are fine. */
export function cartesiaAuthProblem(call: FakeCall): { status: number; body: unknown } | null {
  const h = call.req.headers;
  const q = call.url.searchParams;
  const key = h["x-api-key"] ?? h.authorization?.replace(/^Bearer /, "") ?? q.get("api_key");
  if (key !== VALID_KEY) return { status: 401, body: { error: "Invalid API key" } };
  const version = q.get("cartesia_version") ?? h["cartesia-version"];
  if (!version) return { status: 400, body: { error: "Cartesia-Version header is required" } };
  if (!CARTESIA_VERSIONS.includes(String(version))) return { status: 400, body: { error: `Invalid Cartesia-Version: ${version}` } };
  return null;
}

export function cartesiaVoices(call: FakeCall, res: http.ServerResponse): void {
  const auth = cartesiaAuthProblem(call);
  if (auth) return sendJson(res, auth.status, auth.body);
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const q = call.url.searchParams;
  const unknown = unknownParam(call, ["limit", "starting_after", "ending_before", "is_owner", "q", "gender", "expand[]", "cartesia_version"]);
  if (unknown) return sendJson(res, 400, { error: `Unknown query parameter: ${unknown}` });
  const limit = Number(q.get("limit") ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return sendJson(res, 400, { error: "limit must be between 1 and 100" });
  let voices = CARTESIA_VOICES.filter((v) => q.get("is_owner") !== "true" || v.owner);
  const after = q.get("starting_after");
  if (after) voices = voices.slice(voices.findIndex((v) => v.id === after) + 1);
  const page = voices.slice(0, limit);
  sendJson(res, 200, {
    data: page.map((v) => ({
      id: v.id,
      access: v.owner ? "private" : "public",
      created_at: "2025-06-01T12:00:00Z",
      description: `${v.name} (fake)`,
      is_owner: v.owner,
      language: v.language,
      locales: [{ is_native: true, locale: v.language === "de" ? "de-DE" : "en-US" }],
      name: v.name,
      tagline: v.owner ? "Cloned by your team" : "Stock voice",
      visibility: v.owner ? "owner" : "all",
      gender: null,
    })),
    has_more: voices.length > limit,
  });
}

export const elevenLabsHttpRoutes: HttpRoute[] = [
  { method: "GET", pattern: /^\/v1\/models$/, surface: "models", handle: elevenLabsModels },
  { method: "GET", pattern: /^\/v2\/voices$/, surface: "models", handle: elevenLabsVoices },
  { method: "GET", pattern: /^\/v1\/user$/, surface: "key-check", handle: elevenLabsUser },
];
export const cartesiaHttpRoutes: HttpRoute[] = [{ method: "GET", pattern: /^\/voices\/?$/, surface: "models", handle: cartesiaVoices }];
