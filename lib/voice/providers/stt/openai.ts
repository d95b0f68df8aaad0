import { INPUT_SAMPLE_RATE, type PcmFrame, type ProviderConfig, type SttProvider } from "../../types.ts";
import { bearerAuth, resolveEndpoint } from "../endpoint.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import { extraParam } from "../extra.ts";
import { readJson, send } from "../http.ts";
import { multipartBody } from "../multipart.ts";
import type { AdapterOptions } from "../options.ts";
import { concatPcm, rms, wavFile } from "../pcm.ts";
import { prewarmHttp } from "../prewarm.ts";
import { withRetry } from "../retry.ts";
import { SAMPLES_PER_MS, SttStreamBase } from "./stt-stream-base.ts";

// OpenAI speech-to-text (platform.openai.com/docs/api-reference/audio/createTranscription) and any
// OpenAI-compatible server: POST <base>/audio/transcriptions, multipart (file = a WAV of one
// utterance, model, language, prompt), bearer key, JSON {text}. There is no stream: the pipeline's VAD
// cuts utterances and finalize() uploads the audio buffered since the previous one. No provider turn
// events (turnEvents false). Billed audio is what we upload, so silence around speech is cut first.

/** Quieter than this is silence (about -46 dBFS; WebRTC noise floors sit well below). */
const SILENCE_RMS = 160;
/** Speech is kept with this much audio before and after it, so first and last syllables survive. */
const MARGIN_MS = 300;
/** Without a finalize for this long, older audio is dropped (an utterance is never that long). */
const MAX_BUFFER_MS = 60_000;
/** OpenAI refuses audio shorter than 0.1 s; shorter snippets are padded with silence. */
const MIN_UPLOAD_MS = 200;

interface HttpSttApi {
  base: string;
  guarded: boolean;
  model: string;
  language: string;
  prompt?: string;
}

class HttpSttStream extends SttStreamBase {
  readonly ready: Promise<void>;
  private frames: PcmFrame[] = [];
  private bufferedSamples = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly api: HttpSttApi;

  constructor(ref: ProviderRef, api: HttpSttApi, options: AdapterOptions, signal: AbortSignal) {
    super(ref, options, signal);
    this.api = api;
    this.ready = prewarmHttp(ref, { url: new URL(`${api.base}/models`), headers: this.auth(), guarded: api.guarded }, options, this.internal.signal);
    this.ready.catch((err) => this.gaveUp(err));
  }

  push(frame: PcmFrame): void {
    if (!this.accepting) return;
    this.frames.push(frame);
    this.bufferedSamples += frame.samples.length;
    while (this.bufferedSamples > MAX_BUFFER_MS * SAMPLES_PER_MS && this.frames.length > 1) {
      this.bufferedSamples -= this.frames.shift()!.samples.length;
    }
  }

  finalize(): void {
    if (!this.accepting) return;
    const frames = this.frames;
    this.frames = [];
    this.bufferedSamples = 0;
    // One upload at a time keeps finals in the order people spoke.
    this.chain = this.chain.then(() => this.transcribe(frames));
  }

  /** The transcriptions already asked for come in before the stream finishes. */
  protected drain(): Promise<void> {
    return this.chain;
  }

  private auth(): Record<string, string> {
    return bearerAuth(this.ref.apiKey);
  }

  private async transcribe(frames: PcmFrame[]): Promise<void> {
    if (this.finished) return;
    const speech = trimSilence(frames);
    if (!speech) return;
    let samples = concatPcm(speech.map((f) => f.samples));
    if (samples.length < MIN_UPLOAD_MS * SAMPLES_PER_MS) {
      const padded = new Int16Array(MIN_UPLOAD_MS * SAMPLES_PER_MS);
      padded.set(samples);
      samples = padded;
    }
    const fields: Record<string, string> = { model: this.api.model, language: this.api.language, response_format: "json" };
    if (this.api.prompt) fields.prompt = this.api.prompt;
    const { body, contentType } = multipartBody(fields, { field: "file", filename: "utterance.wav", contentType: "audio/wav", data: wavFile(samples, INPUT_SAMPLE_RATE) });
    try {
      const json = await withRetry(
        this.ref,
        "transcribe",
        async () => {
          const res = await send(this.ref, {
            method: "POST",
            url: new URL(`${this.api.base}/audio/transcriptions`),
            headers: { ...this.auth(), "content-type": contentType, accept: "application/json" },
            body,
            guarded: this.api.guarded,
            signal: this.internal.signal,
            timeoutMs: this.options.connectTimeoutMs + (samples.length / SAMPLES_PER_MS) * 2,
          });
          return (await readJson(this.ref, res, { idleMs: this.options.idleTimeoutMs, signal: this.internal.signal })) as { text?: unknown };
        },
        { policy: this.options.retry, log: this.options.log, signal: this.internal.signal },
      );
      this.billedSamples += samples.length;
      if (typeof json.text !== "string") throw providerError(this.ref, "transient", "answered without a transcript");
      const text = json.text.trim();
      // Nothing recognised (a cough, a door): like the streaming providers, no event.
      if (!text) return;
      const last = speech[speech.length - 1];
      this.events.push({
        type: "final",
        text,
        startMs: speech[0].timeMs,
        endMs: Math.round(last.timeMs + last.samples.length / SAMPLES_PER_MS),
      });
    } catch (err) {
      this.gaveUp(err);
    }
  }
}

/** The frames from a little before the first loud one to a little after the last; null for silence. */
function trimSilence(frames: PcmFrame[]): PcmFrame[] | null {
  let first = -1;
  let last = -1;
  for (let i = 0; i < frames.length; i++) {
    if (rms(frames[i].samples) > SILENCE_RMS) {
      if (first === -1) first = i;
      last = i;
    }
  }
  if (first === -1) return null;
  let start = first;
  for (let ms = 0; start > 0 && ms < MARGIN_MS; ) ms += frames[--start].samples.length / SAMPLES_PER_MS;
  let end = last;
  for (let ms = 0; end < frames.length - 1 && ms < MARGIN_MS; ) ms += frames[++end].samples.length / SAMPLES_PER_MS;
  return frames.slice(start, end + 1);
}

export function createOpenAiStt(config: ProviderConfig, options: AdapterOptions): SttProvider {
  const endpoint = resolveEndpoint("stt", config);
  // The catalogue host is the bare origin; a user's OpenAI-compatible baseUrl already ends in /v1.
  const base = config.providerId === "openai" ? `${endpoint.base}/v1` : endpoint.base;
  const ref = { kind: "stt" as const, providerId: config.providerId, apiKey: config.apiKey };
  const api = { base, guarded: endpoint.guarded, model: config.model, language: config.language, prompt: extraParam<string>("stt", config, "prompt") };
  return {
    providerId: config.providerId,
    model: config.model,
    turnEvents: false,
    open: (signal) => new HttpSttStream(ref, api, options, signal),
  };
}
