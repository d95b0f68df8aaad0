import type { ProviderConfig, TtsProvider } from "../../types.ts";
import { resolveEndpoint, toWebSocketUrl } from "../endpoint.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { ContextSocket, type ContextMessage } from "./context-socket.ts";
import { ContextTtsStream, type ContextDialect } from "./context-tts-stream.ts";

// ElevenLabs multi-context WebSocket (elevenlabs.io/docs/api-reference/text-to-speech/v-1-text-to-speech-voice-id-multi-stream-input):
// wss://api.elevenlabs.io/v1/text-to-speech/{voice}/multi-stream-input?model_id=…&output_format=pcm_22050,
// the key in `xi-api-key`. One socket per session, one context per utterance: the first message of a
// context carries the voice settings; sentences go without `flush`, as auto_mode synthesises each
// complete sentence at once, so a `close_context` on barge-in stops whatever was not generated yet
// (ElevenLabs: "No further audio will be generated for this context"; a flushed context "will
// continue flushing"). end() flushes the rest and closes the context; `close_context` is sent once,
// so a cancel after end() has nothing left to send (the rest is already flushed). Answers: {audio (base64 PCM), isFinal, contextId}. Errors: {error, message, code} then a
// close (1008 for a refused key or too many contexts; at most 5 contexts may be open).

/** The longest idle time ElevenLabs allows (s); after it the socket closes and we reopen it. */
const INACTIVITY_TIMEOUT_S = 180;

function classify(ref: ProviderRef, error: string, message: string): ReturnType<typeof providerError> {
  const text = `${error} ${message}`;
  if (/api.?key|unauthori|quota|payment|subscription|credits|not allowed|permission/i.test(text)) return providerError(ref, "invalid_key", message || error);
  if (/timeout|overload|busy|internal|server|unavailable/i.test(text)) return providerError(ref, "transient", message || error);
  return providerError(ref, "bad_request", message || error);
}

export function createElevenLabsTts(config: ProviderConfig, options: AdapterOptions): TtsProvider & { close(): void } {
  const endpoint = resolveEndpoint("tts", config);
  const ref = { kind: "tts" as const, providerId: config.providerId, apiKey: config.apiKey };
  const voiceId = extraParam<string>("tts", config, "voiceId") ?? "21m00Tcm4TlvDq8ikWAM";
  const outputFormat = extraParam<string>("tts", config, "outputFormat") ?? "pcm_22050";
  const sampleRate = Number(outputFormat.split("_")[1]) || 22_050;

  const url = toWebSocketUrl(endpoint.base, `/v1/text-to-speech/${encodeURIComponent(voiceId)}/multi-stream-input`);
  const q = url.searchParams;
  q.set("model_id", config.model);
  q.set("output_format", outputFormat);
  q.set("inactivity_timeout", String(INACTIVITY_TIMEOUT_S));
  q.set("auto_mode", "true");
  // The v2.5 models can be held to a language; multilingual_v2 refuses language_code.
  if (config.model.endsWith("_v2_5")) q.set("language_code", config.language);

  const voiceSettings: Record<string, number> = {};
  for (const [field, name] of [
    ["stability", "stability"],
    ["similarity_boost", "similarityBoost"],
    ["speed", "speed"],
  ] as const) {
    const value = extraParam<number>("tts", config, name);
    if (value !== undefined) voiceSettings[field] = value;
  }

  const dialect: ContextDialect = {
    open: (contextId) => [{ text: " ", voice_settings: voiceSettings, context_id: contextId }],
    text: (contextId, text) => ({ text, context_id: contextId }),
    end: (contextId) => [
      { text: "", context_id: contextId, flush: true },
      { context_id: contextId, close_context: true },
    ],
    cancel: (contextId) => ({ context_id: contextId, close_context: true }),
    endIsFinal: true,
  };

  let socket: ContextSocket | null = null;
  const shared = () =>
    (socket ??= new ContextSocket(
      ref,
      {
        url,
        headers: { "xi-api-key": config.apiKey },
        guarded: endpoint.guarded,
        decode(json): ContextMessage {
          const contextId = (json.contextId ?? json.context_id) as string | undefined;
          if (typeof json.error === "string" || (typeof json.message === "string" && json.audio === undefined && json.isFinal === undefined)) {
            return { contextId, error: classify(ref, String(json.error ?? ""), String(json.message ?? "")) };
          }
          return {
            contextId,
            audio: typeof json.audio === "string" ? Buffer.from(json.audio, "base64") : undefined,
            done: json.isFinal === true,
          };
        },
        closeFailure(code, reason, lastError) {
          if (lastError && lastError.kind !== "transient") return lastError;
          if (code === 1000 || code === 1005) return null;
          if (code === 1008) return classify(ref, "", reason);
          return providerError(ref, "transient", reason || `connection closed (${code})`, code);
        },
      },
      options,
    ));

  return {
    providerId: config.providerId,
    model: config.model,
    sampleRate,
    prewarm: async () => {
      await shared().socket();
    },
    open: (signal) => new ContextTtsStream(shared(), dialect, ref, options, signal),
    close: () => {
      socket?.close({ close_socket: true });
      socket = null;
    },
  };
}
