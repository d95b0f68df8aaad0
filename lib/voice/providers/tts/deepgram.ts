import type { ProviderConfig, TtsProvider } from "../../types.ts";
import { resolveEndpoint } from "../endpoint.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { prewarmHttp } from "../prewarm.ts";
import { SentenceTtsStream } from "./http-sentence-tts.ts";

// Deepgram Aura (developers.deepgram.com/reference/text-to-speech): POST /v1/speak?model=…&encoding=linear16
// &sample_rate=24000&container=none&speed=… with {text} and `Authorization: Token <key>`; the body
// streams raw PCM. We use HTTP, not the /v1/speak WebSocket: Aura's socket holds text until a `Flush`,
// allows only 20 flushes a minute and warns that frequent flushes hurt quality, yet a voice agent has to
// flush every sentence to start speaking early. Per-sentence requests on a kept-alive connection start
// as fast, have no flush quota, and cancel exactly (the request is destroyed).

const SAMPLE_RATE = 24_000;

export function createDeepgramTts(config: ProviderConfig, options: AdapterOptions): TtsProvider & { close(): void } {
  const endpoint = resolveEndpoint("tts", config);
  const ref = { kind: "tts" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = { authorization: `Token ${config.apiKey}` };
  const url = new URL(`${endpoint.base}/v1/speak`);
  url.searchParams.set("model", config.model);
  url.searchParams.set("encoding", "linear16");
  url.searchParams.set("sample_rate", String(SAMPLE_RATE));
  url.searchParams.set("container", "none");
  const speed = extraParam<number>("tts", config, "speed");
  if (speed !== undefined) url.searchParams.set("speed", String(speed));

  return {
    providerId: config.providerId,
    model: config.model,
    sampleRate: SAMPLE_RATE,
    // The cheapest authenticated call (the same one "Test key" makes) also warms the connection.
    prewarm: () => prewarmHttp(ref, { url: new URL(`${endpoint.base}/v1/projects`), headers, guarded: endpoint.guarded }, options),
    open: (signal) =>
      new SentenceTtsStream(
        ref,
        (text) => ({ method: "POST", url, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ text }), guarded: endpoint.guarded }),
        options,
        signal,
      ),
    // Nothing to close: the keep-alive pool is shared and lets idle sockets go by itself.
    close: () => {},
  };
}
