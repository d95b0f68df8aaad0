import { CARTESIA_VERSION } from "../../../providers/api-versions.ts";
import type { ProviderConfig, TtsProvider } from "../../types.ts";
import { resolveEndpoint, toWebSocketUrl } from "../endpoint.ts";
import { httpFailure, providerError } from "../errors.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { ContextSocket, type ContextMessage } from "./context-socket.ts";
import { ContextTtsStream, type ContextDialect } from "./context-tts-stream.ts";

// Cartesia Sonic WebSocket (docs.cartesia.ai/api-reference/tts/websocket): wss://api.cartesia.ai/tts/websocket
// with `Authorization: Bearer` and `Cartesia-Version` (a wrong key refuses the upgrade). One socket
// per session, many contexts: every input repeats the generation request with `context_id` and
// `continue: true`, an empty transcript with `continue: false` ends the context,
// `{context_id, cancel: true}` stops it. Answers: {type: "chunk", data: base64 PCM},
// {type: "done"}, {type: "error", status_code, title, message}. A context expires one second after
// its last audio: text after a longer pause goes to a new context (CONTEXT_TTL_MS).

const SAMPLE_RATE = 24_000;
/** Cartesia forgets a context this long after its last audio ("Contexts automatically expire 1 second after the last audio output"). */
const CONTEXT_TTL_MS = 1000;

export function createCartesiaTts(config: ProviderConfig, options: AdapterOptions): TtsProvider & { close(): void } {
  const endpoint = resolveEndpoint("tts", config);
  const ref = { kind: "tts" as const, providerId: config.providerId, apiKey: config.apiKey };
  // Speed (0.6–1.5) and volume (0.5–2) are multipliers of Sonic 3 and later, the models the API serves.
  const generation: Record<string, number> = {};
  const speed = extraParam<number>("tts", config, "speed");
  const volume = extraParam<number>("tts", config, "volume");
  if (speed !== undefined) generation.speed = speed;
  if (volume !== undefined) generation.volume = volume;
  const request: Record<string, unknown> = {
    model_id: config.model,
    voice: { id: extraParam<string>("tts", config, "voiceId") ?? "a0e99841-438c-4a64-b679-ae501e7d6091" },
    language: config.language,
    output_format: { container: "raw", encoding: "pcm_s16le", sample_rate: SAMPLE_RATE },
  };
  if (Object.keys(generation).length > 0) request.generation_config = generation;

  const dialect: ContextDialect = {
    open: () => [],
    text: (contextId, transcript) => ({ ...request, context_id: contextId, transcript, continue: true, flush: true }),
    end: (contextId) => [{ ...request, context_id: contextId, transcript: "", continue: false }],
    cancel: (contextId) => ({ context_id: contextId, cancel: true }),
    contextTtlMs: CONTEXT_TTL_MS,
  };

  let socket: ContextSocket | null = null;
  const shared = () =>
    (socket ??= new ContextSocket(
      ref,
      {
        url: toWebSocketUrl(endpoint.base, "/tts/websocket"),
        headers: { authorization: `Bearer ${config.apiKey}`, "cartesia-version": CARTESIA_VERSION },
        guarded: endpoint.guarded,
        decode(json): ContextMessage | null {
          const contextId = json.context_id as string | undefined;
          if (json.type === "chunk") return { contextId, audio: typeof json.data === "string" ? Buffer.from(json.data, "base64") : undefined };
          if (json.type === "flush_done") return { contextId, flushed: true };
          if (json.type === "done") return { contextId, done: true };
          if (json.type === "error") {
            const detail = String(json.message ?? json.title ?? json.error ?? "error");
            return { contextId, error: httpFailure(ref, Number(json.status_code) || 500, JSON.stringify({ message: detail })) };
          }
          return null;
        },
        closeFailure(code, reason, lastError) {
          if (lastError && lastError.kind !== "transient") return lastError;
          if (code === 1000 || code === 1005) return null;
          return providerError(ref, "transient", reason || `connection closed (${code})`, code);
        },
      },
      options,
    ));

  return {
    providerId: config.providerId,
    model: config.model,
    sampleRate: SAMPLE_RATE,
    prewarm: async () => {
      await shared().socket();
    },
    open: (signal) => new ContextTtsStream(shared(), dialect, ref, options, signal),
    close: () => {
      socket?.close();
      socket = null;
    },
  };
}
