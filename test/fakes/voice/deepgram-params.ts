import { randomUUID } from "node:crypto";

// Deepgram's query parameters for live transcription (Nova /v1/listen, Flux /v2/listen) and Aura
// (/v1/speak), as @deepgram/sdk 5.13 declares them and developers.deepgram.com documents their
// values (checked 2026-11-25). Deepgram refuses a bad request at the WebSocket upgrade (or the HTTP
// call) with 400, a JSON body {err_code, err_msg, request_id} and the message in a `dg-error`
// header. Deepgram ignores some unknown parameters; the fake refuses them all, since a misspelt
// parameter is a bug for us either way.

type Check = (value: string, all: URLSearchParams) => string | null;

const bool: Check = (v) => (v === "true" || v === "false" ? null : "must be true or false");
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Check => (v) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? null : `must be an integer between ${min} and ${max}`);
const decimal = (min: number, max: number): Check => (v) => (v.trim() !== "" && Number(v) >= min && Number(v) <= max ? null : `must be a number between ${min} and ${max}`);
const oneOf = (values: string[]): Check => (v) => (values.includes(v) ? null : `must be one of ${values.join(", ")}`);
const text: Check = (v) => (v.length > 0 && v.length <= 2000 ? null : "must not be empty");

/** The models the fake serves (a subset of each SDK type's list: the ones Cohost offers and their neighbours). */
export const NOVA_MODELS = ["nova-3", "nova-3-general", "nova-3-medical", "nova-2", "nova-2-general", "nova-2-meeting", "nova-2-phonecall", "nova-2-medical", "nova", "enhanced", "base"];
export const FLUX_MODELS = ["flux-general-en", "flux-general-multi"];
export const AURA_MODELS = [
  "aura-2-thalia-en", "aura-2-andromeda-en", "aura-2-helena-en", "aura-2-apollo-en", "aura-2-arcas-en", "aura-2-luna-en", "aura-2-asteria-en", "aura-2-orion-en",
  "aura-2-julius-de", "aura-2-viktoria-de", "aura-2-celeste-es", "aura-asteria-en", "aura-luna-en",
];

const NOVA: Record<string, Check> = {
  callback: text, callback_method: oneOf(["GET", "POST", "PUT", "DELETE"]), channels: int(1, 64), detect_entities: bool, diarize: bool, diarize_model: text,
  dictation: bool, encoding: oneOf(["linear16", "linear32", "flac", "alaw", "mulaw", "amr-nb", "amr-wb", "opus", "ogg-opus", "speex", "g729"]),
  // An integer of milliseconds, or false to switch endpointing off.
  endpointing: (v) => (v === "false" || /^\d+$/.test(v) ? null : "must be an integer (ms) or false"),
  extra: text, interim_results: bool, keyterm: text, keywords: text, language: (v) => (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$|^multi$/.test(v) ? null : "must be a BCP-47 language code"),
  mip_opt_out: bool, model: oneOf(NOVA_MODELS), multichannel: bool, numerals: bool, profanity_filter: bool, punctuate: bool, redact: text, replace: text,
  sample_rate: int(8000, 48000), search: text, smart_format: bool, tag: text, utterance_end_ms: int(1000, 5000), vad_events: bool, version: text,
};

const FLUX: Record<string, Check> = {
  model: oneOf(FLUX_MODELS), encoding: oneOf(["linear16", "linear32", "mulaw", "alaw", "opus", "ogg-opus"]), sample_rate: int(8000, 48000),
  eager_eot_threshold: decimal(0.3, 0.9), eot_threshold: decimal(0.5, 1), eot_timeout_ms: int(500, 60000), keyterm: text, language_hint: text,
  profanity_filter: bool, numerals: bool, redact: text, mip_opt_out: bool, tag: text,
};

const AURA: Record<string, Check> = {
  model: oneOf(AURA_MODELS), encoding: oneOf(["linear16", "flac", "mulaw", "alaw", "mp3", "opus", "aac"]), container: oneOf(["none", "wav", "ogg"]),
  sample_rate: oneOf(["8000", "16000", "22050", "24000", "32000", "48000"]), bit_rate: int(1), speed: decimal(0.7, 1.5), callback: text,
  callback_method: oneOf(["POST", "PUT"]), mip_opt_out: bool, tag: text,
};

/** Rules that tie parameters together (the API's own, as its docs and errors state them). */
function crossProblem(surface: "nova" | "flux" | "aura", q: URLSearchParams): string | null {
  if (surface === "aura") return null;
  if (!q.get("model")) return "model is required";
  const raw = ["linear16", "linear32", "mulaw", "alaw"].includes(q.get("encoding") ?? "");
  if (raw && !q.get("sample_rate")) return "sample_rate is required when encoding is set";
  if (surface === "nova") {
    if (q.has("utterance_end_ms") && q.get("interim_results") !== "true") return "utterance_end_ms requires interim_results=true";
    const nova3 = q.get("model")!.startsWith("nova-3");
    // The SDK refuses this one itself, in these words.
    if (nova3 && q.has("keywords")) return "Keywords are not supported for Nova-3. Please use `keyterm` instead.";
    if (!nova3 && q.has("keyterm")) return "keyterm is only supported by Nova-3 models";
  }
  if (surface === "flux" && q.has("eager_eot_threshold") && Number(q.get("eager_eot_threshold")) > Number(q.get("eot_threshold") ?? 0.7)) {
    return "eager_eot_threshold must not exceed eot_threshold";
  }
  return null;
}

/** Why Deepgram would refuse these query parameters (400), or null. */
export function deepgramQueryProblem(surface: "nova" | "flux" | "aura", q: URLSearchParams): string | null {
  const rules = surface === "nova" ? NOVA : surface === "flux" ? FLUX : AURA;
  for (const [name, value] of q.entries()) {
    const check = rules[name];
    if (!check) return `Unknown query parameter: ${name}`;
    const problem = check(value, q);
    if (problem) return `Invalid value for ${name}: ${value} (${problem})`;
  }
  return crossProblem(surface, q);
}

/** Deepgram's error body (and `dg-error` header) for a refused request. */
export function deepgramError(errCode: string, errMsg: string): { body: Record<string, string>; headers: Record<string, string> } {
  const requestId = randomUUID();
  return { body: { err_code: errCode, err_msg: errMsg, request_id: requestId }, headers: { "dg-error": errMsg, "dg-request-id": requestId } };
}
