import type http from "node:http";
import { sendJson } from "./http-util.ts";
import type { FakeCall } from "./routes.ts";

// What OpenAI's API accepts, as `openai` 7.57 declares its request types and the API words its 400s
// (checked 2026-11-25): an unknown field is "Unrecognized request argument supplied: x", a missing
// one "Missing required parameter: 'x'.", a number outside its range "Invalid 'x': decimal above
// maximum value. …", an unknown model a 404 `model_not_found`. Groq and OpenAI-compatible servers
// get the same rules: a field the API does not know is a bug for us either way. Tool fields
// (`tools`, `tool_choice`, `tool_calls`, role `tool`) are part of the schema and pass.

export interface OpenAiProblem {
  status: number;
  message: string;
  param: string | null;
  code: string | null;
}

const CHAT_FIELDS = [
  "messages", "model", "audio", "frequency_penalty", "function_call", "functions", "logit_bias", "logprobs", "max_completion_tokens", "max_tokens",
  "metadata", "modalities", "moderation", "n", "parallel_tool_calls", "prediction", "presence_penalty", "prompt_cache_key", "prompt_cache_options",
  "prompt_cache_retention", "reasoning_effort", "response_format", "safety_identifier", "seed", "service_tier", "stop", "store", "stream",
  "stream_options", "temperature", "tool_choice", "tools", "top_logprobs", "top_p", "user", "verbosity", "web_search_options",
];
/** The fields each message role may carry. */
const MESSAGE_FIELDS: Record<string, string[]> = {
  system: ["role", "content", "name"],
  developer: ["role", "content", "name"],
  user: ["role", "content", "name"],
  assistant: ["role", "content", "name", "refusal", "tool_calls", "function_call", "audio"],
  tool: ["role", "content", "tool_call_id"],
};
const RANGES: Record<string, [number, number, "integer" | "decimal"]> = {
  temperature: [0, 2, "decimal"],
  top_p: [0, 1, "decimal"],
  frequency_penalty: [-2, 2, "decimal"],
  presence_penalty: [-2, 2, "decimal"],
  n: [1, 128, "integer"],
  max_completion_tokens: [1, 128_000, "integer"],
  max_tokens: [1, 128_000, "integer"],
  top_logprobs: [0, 20, "integer"],
};

const bad = (message: string, param: string | null = null, code: string | null = null): OpenAiProblem => ({ status: 400, message, param, code });
const missing = (name: string) => bad(`Missing required parameter: '${name}'.`, name, "missing_required_parameter");

/** The models each fake API serves; the OpenAI-compatible stand-in serves whatever it is asked for. */
export const SERVED_MODELS: Record<string, string[]> = {
  openai: [
    "gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-5-mini", "ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa", "gpt-4o-transcribe",
    "gpt-4o-mini-transcribe", "whisper-1", "gpt-4o-mini-tts", "tts-1", "tts-1-hd", "text-embedding-3-small", "dall-e-3", "omni-moderation-latest",
  ],
  groq: ["llama-3.3-70b-versatile", "llama-3.1-8b-instant", "openai/gpt-oss-120b", "openai/gpt-oss-20b", "moonshotai/kimi-k2-instruct", "whisper-large-v3", "whisper-large-v3-turbo", "playai-tts"],
};

export function modelProblem(call: FakeCall, model: string): OpenAiProblem | null {
  const served = SERVED_MODELS[call.provider];
  if (!served || served.includes(model)) return null;
  return { status: 404, message: `The model \`${model}\` does not exist or you do not have access to it.`, param: null, code: "model_not_found" };
}

function rangeProblem(name: string, value: unknown): OpenAiProblem | null {
  const range = RANGES[name];
  if (!range || value === null || value === undefined) return null;
  const [min, max, kind] = range;
  if (typeof value !== "number" || (kind === "integer" && !Number.isInteger(value))) {
    return bad(`Invalid type for '${name}': expected ${kind === "integer" ? "an integer" : "a decimal"}, but got ${typeof value} instead.`, name, "invalid_type");
  }
  if (value > max) return bad(`Invalid '${name}': ${kind} above maximum value. Expected a value <= ${max}, but got ${value} instead.`, name, `${kind}_above_max_value`);
  if (value < min) return bad(`Invalid '${name}': ${kind} below minimum value. Expected a value >= ${min}, but got ${value} instead.`, name, `${kind}_below_min_value`);
  return null;
}

/** Why Chat Completions would refuse this body, or null. */
export function chatProblem(call: FakeCall, body: Record<string, unknown> | null): OpenAiProblem | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return bad("We could not parse the JSON body of your request.");
  const unknown = Object.keys(body).filter((k) => !CHAT_FIELDS.includes(k));
  if (unknown.length) return bad(`Unrecognized request argument${unknown.length > 1 ? "s" : ""} supplied: ${unknown.join(", ")}`);
  if (body.model === undefined) return missing("model");
  if (typeof body.model !== "string") return bad("Invalid type for 'model': expected a string.", "model", "invalid_type");
  if (body.messages === undefined) return missing("messages");
  if (!Array.isArray(body.messages)) return bad("Invalid type for 'messages': expected an array.", "messages", "invalid_type");
  if (body.messages.length === 0) return bad("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", "messages", "empty_array");
  for (const [i, m] of (body.messages as Record<string, unknown>[]).entries()) {
    const allowed = MESSAGE_FIELDS[String(m?.role)];
    if (!allowed) return bad(`Invalid value: '${String(m?.role)}'. Supported values are: 'system', 'assistant', 'user', 'tool', 'function' and 'developer'.`, `messages[${i}].role`, "invalid_value");
    const extra = Object.keys(m).find((k) => !allowed.includes(k));
    if (extra) return bad(`Invalid 'messages[${i}]': unrecognized key '${extra}'.`, `messages[${i}].${extra}`, "unknown_parameter");
    if (m.content === undefined && !(m.role === "assistant" && m.tool_calls)) return missing(`messages[${i}].content`);
  }
  for (const name of Object.keys(RANGES)) {
    const problem = rangeProblem(name, body[name]);
    if (problem) return problem;
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== "boolean") return bad("Invalid type for 'stream': expected a boolean.", "stream", "invalid_type");
  if (body.stream_options !== undefined && body.stream_options !== null) {
    if (body.stream !== true) return bad("The 'stream_options' parameter is only allowed when 'stream' is enabled.", "stream_options", null);
    const extra = Object.keys(body.stream_options as object).find((k) => !["include_usage", "include_obfuscation"].includes(k));
    if (extra) return bad(`Unrecognized request argument supplied: stream_options.${extra}`);
  }
  return modelProblem(call, body.model);
}

const SPEECH_FIELDS = ["input", "model", "voice", "instructions", "response_format", "speed", "stream_format"];
const OPENAI_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar", "fable", "onyx", "nova"];

/** Why /audio/speech would refuse this body, or null. */
export function speechProblem(call: FakeCall, body: Record<string, unknown> | null): OpenAiProblem | null {
  if (!body || typeof body !== "object") return bad("We could not parse the JSON body of your request.");
  const unknown = Object.keys(body).filter((k) => !SPEECH_FIELDS.includes(k));
  if (unknown.length) return bad(`Unrecognized request argument supplied: ${unknown.join(", ")}`);
  for (const name of ["model", "input", "voice"]) if (body[name] === undefined) return missing(name);
  if (typeof body.input !== "string" || !body.input) return bad("Invalid 'input': string too short. Expected a string with minimum length 1.", "input", "string_below_min_length");
  if (body.input.length > 4096) return bad("Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length " + body.input.length + " instead.", "input", "string_above_max_length");
  const voice = body.voice;
  const voiceOk = typeof voice === "string" ? call.provider !== "openai" || OPENAI_VOICES.includes(voice) : typeof (voice as { id?: unknown })?.id === "string";
  if (!voiceOk) return bad(`Invalid value: '${String(voice)}'. Supported values are: ${OPENAI_VOICES.map((v) => `'${v}'`).join(", ")}.`, "voice", "invalid_value");
  if (body.response_format !== undefined && !["mp3", "opus", "aac", "flac", "wav", "pcm"].includes(String(body.response_format))) {
    return bad(`Invalid value: '${String(body.response_format)}'. Supported values are: 'mp3', 'opus', 'aac', 'flac', 'wav' and 'pcm'.`, "response_format", "invalid_value");
  }
  if (body.speed !== undefined) {
    if (typeof body.speed !== "number") return bad("Invalid type for 'speed': expected a decimal.", "speed", "invalid_type");
    if (body.speed > 4) return bad(`Invalid 'speed': decimal above maximum value. Expected a value <= 4, but got ${body.speed} instead.`, "speed", "decimal_above_max_value");
    if (body.speed < 0.25) return bad(`Invalid 'speed': decimal below minimum value. Expected a value >= 0.25, but got ${body.speed} instead.`, "speed", "decimal_below_min_value");
  }
  if (body.instructions !== undefined && String(body.model).startsWith("tts-1")) return bad("Instructions are not supported for tts-1 and tts-1-hd.", "instructions", "unsupported_parameter");
  return modelProblem(call, String(body.model));
}

const TRANSCRIPTION_FIELDS = [
  "file", "model", "chunking_strategy", "include", "include[]", "keywords", "keywords[]", "known_speaker_names", "known_speaker_references", "language", "languages",
  "prompt", "response_format", "stream", "temperature", "timestamp_granularities", "timestamp_granularities[]",
];

/** Why /audio/transcriptions would refuse these multipart fields, or null (the file is checked by the caller). */
export function transcriptionProblem(call: FakeCall, fields: Record<string, string>, names: string[]): OpenAiProblem | null {
  const unknown = names.filter((k) => !TRANSCRIPTION_FIELDS.includes(k));
  if (unknown.length) return bad(`Unrecognized request argument supplied: ${unknown.join(", ")}`);
  if (!fields.model) return missing("model");
  if (fields.response_format && !["json", "text", "srt", "verbose_json", "vtt", "diarized_json"].includes(fields.response_format)) {
    return bad(`Invalid value: '${fields.response_format}'. Supported values are: 'json', 'text', 'srt', 'verbose_json', 'vtt' and 'diarized_json'.`, "response_format", "invalid_value");
  }
  if (fields.language && !/^[a-z]{2,3}$/.test(fields.language)) return bad(`Invalid language '${fields.language}'. Language parameter must be specified in ISO-639-1 format.`, "language", "invalid_language_format");
  if (fields.temperature !== undefined && !(Number(fields.temperature) >= 0 && Number(fields.temperature) <= 1)) return bad("Invalid 'temperature': expected a value between 0 and 1.", "temperature", "invalid_value");
  return modelProblem(call, fields.model);
}

export function sendOpenAiProblem(res: http.ServerResponse, problem: OpenAiProblem): void {
  sendJson(res, problem.status, { error: { message: problem.message, type: "invalid_request_error", param: problem.param, code: problem.code } });
}
