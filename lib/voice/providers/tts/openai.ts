import type { ProviderConfig, TtsProvider } from "../../types.ts";
import { bearerAuth, resolveEndpoint } from "../endpoint.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { prewarmHttp } from "../prewarm.ts";
import { SentenceTtsStream } from "./http-sentence-tts.ts";

// OpenAI speech (platform.openai.com/docs/api-reference/audio/createSpeech) and OpenAI-compatible
// servers: POST <base>/audio/speech {model, input, voice, speed, instructions, response_format: "pcm"}
// with a bearer key; the body streams raw 24 kHz 16-bit mono PCM as it is synthesised. There is no
// text-input streaming, so each sentence is its own request (SentenceTtsStream).

const SAMPLE_RATE = 24_000;

export function createOpenAiTts(config: ProviderConfig, options: AdapterOptions): TtsProvider & { close(): void } {
  const endpoint = resolveEndpoint("tts", config);
  const base = config.providerId === "openai" ? `${endpoint.base}/v1` : endpoint.base;
  const ref = { kind: "tts" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = bearerAuth(config.apiKey);
  const settings: Record<string, unknown> = { model: config.model, voice: extraParam<string>("tts", config, "voice") ?? "alloy", response_format: "pcm" };
  const speed = extraParam<number>("tts", config, "speed");
  if (speed !== undefined) settings.speed = speed;
  const instructions = extraParam<string>("tts", config, "instructions");
  // Only gpt-4o-mini-tts takes instructions; tts-1 refuses the field.
  if (instructions && !config.model.startsWith("tts-1")) settings.instructions = instructions;

  return {
    providerId: config.providerId,
    model: config.model,
    sampleRate: SAMPLE_RATE,
    prewarm: () => prewarmHttp(ref, { url: new URL(`${base}/models`), headers, guarded: endpoint.guarded }, options),
    open: (signal) =>
      new SentenceTtsStream(
        ref,
        (text) => ({
          method: "POST",
          url: new URL(`${base}/audio/speech`),
          headers: { ...headers, "content-type": "application/json", accept: "audio/pcm" },
          body: JSON.stringify({ ...settings, input: text }),
          guarded: endpoint.guarded,
        }),
        options,
        signal,
      ),
    // Nothing to close: the keep-alive pool is shared and lets idle sockets go by itself.
    close: () => {},
  };
}
