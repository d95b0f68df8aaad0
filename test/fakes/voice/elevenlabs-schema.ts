// ElevenLabs' multi-context WebSocket (/v1/text-to-speech/{voice}/multi-stream-input) as its docs
// describe the handshake and @elevenlabs/elevenlabs-js 2.73 declares the messages (SendMessageMulti;
// checked 2026-11-25). A problem is answered like the API does: {message, error, code: 1008} and a
// close. ElevenLabs ignores some unknown query parameters; the fake refuses them, since a misspelt
// one is a bug for us either way.

const QUERY: Record<string, (v: string) => boolean> = {
  model_id: (v) => ["eleven_flash_v2_5", "eleven_turbo_v2_5", "eleven_multilingual_v2", "eleven_flash_v2", "eleven_turbo_v2", "eleven_v3"].includes(v),
  language_code: (v) => /^[a-z]{2,3}$/.test(v),
  enable_logging: (v) => v === "true" || v === "false",
  enable_ssml_parsing: (v) => v === "true" || v === "false",
  output_format: (v) => /^(pcm_(8000|16000|22050|24000|44100|48000)|mp3_(22050_32|44100_(32|64|96|128|192))|ulaw_8000|alaw_8000|opus_48000_(32|64|96|128|192))$/.test(v),
  inactivity_timeout: (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 180,
  sync_alignment: (v) => v === "true" || v === "false",
  auto_mode: (v) => v === "true" || v === "false",
  apply_text_normalization: (v) => ["auto", "on", "off"].includes(v),
  seed: (v) => /^\d+$/.test(v) && Number(v) <= 4_294_967_295,
  authorization: (v) => v.length > 0,
};

/** Why ElevenLabs would refuse this handshake, or null. */
export function elevenLabsQueryProblem(q: URLSearchParams): string | null {
  for (const [name, value] of q.entries()) {
    const ok = QUERY[name];
    if (!ok) return `Unknown query parameter: ${name}`;
    if (!ok(value)) return `Invalid value for ${name}: ${value}`;
  }
  if (!q.get("model_id")) return "model_id is required";
  // Only the v2.5 (and flash v2.5) models can be held to one language.
  if (q.has("language_code") && !/_v2_5$|^eleven_v3$/.test(q.get("model_id")!)) return `language_code is not supported for model ${q.get("model_id")}`;
  return null;
}

const MESSAGE_FIELDS = ["text", "voice_settings", "generation_config", "pronunciation_dictionary_locators", "xi_api_key", "authorization", "context_id", "flush", "close_context", "close_socket"];
const VOICE_SETTINGS: Record<string, [number, number] | "boolean"> = { stability: [0, 1], similarity_boost: [0, 1], style: [0, 1], use_speaker_boost: "boolean", speed: [0.7, 1.2] };

/** Why ElevenLabs would refuse this client message (SendMessageMulti), or null. */
export function elevenLabsMessageProblem(msg: Record<string, unknown>): string | null {
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return "Messages must be JSON objects";
  const unknown = Object.keys(msg).find((k) => !MESSAGE_FIELDS.includes(k));
  if (unknown) return `Unknown field: ${unknown}`;
  if (msg.context_id !== undefined && (typeof msg.context_id !== "string" || !msg.context_id)) return "context_id must be a non-empty string";
  if (msg.text !== undefined && typeof msg.text !== "string") return "text must be a string";
  for (const flag of ["flush", "close_context", "close_socket"]) if (msg[flag] !== undefined && typeof msg[flag] !== "boolean") return `${flag} must be a boolean`;
  if (msg.close_context === true && typeof msg.context_id !== "string") return "close_context needs a context_id";
  if (msg.text === undefined && msg.close_context === undefined && msg.close_socket === undefined && msg.flush === undefined) return "A message needs text, flush, close_context or close_socket";
  const settings = msg.voice_settings as Record<string, unknown> | undefined | null;
  if (settings) {
    for (const [name, value] of Object.entries(settings)) {
      const rule = VOICE_SETTINGS[name];
      if (!rule) return `Unknown field: voice_settings.${name}`;
      if (rule === "boolean" ? typeof value !== "boolean" : typeof value !== "number" || value < rule[0] || value > rule[1]) {
        return `voice_settings.${name} must be ${rule === "boolean" ? "a boolean" : `between ${rule[0]} and ${rule[1]}`}`;
      }
    }
  }
  const schedule = (msg.generation_config as { chunk_length_schedule?: unknown } | undefined)?.chunk_length_schedule;
  if (schedule !== undefined && !(Array.isArray(schedule) && schedule.every((n) => typeof n === "number" && n >= 50 && n <= 500))) return "generation_config.chunk_length_schedule values must be between 50 and 500";
  return null;
}
