import { z } from "zod";
import { AGENT_LANGUAGES } from "../agents/languages.ts";
import { AppError } from "../errors/app-error.ts";
import { adapterOptions } from "./providers/options.ts";
import { createTts } from "./providers/create-providers.ts";
import { wavFile } from "./providers/pcm.ts";
import { ProviderError } from "./types.ts";
import { keyForProviderCall, keyInputSchema } from "../agents/key-input.ts";
import { providerEndpoint } from "../providers/provider-endpoint.ts";
import { providerTimeoutMs } from "../providers/verify-key.ts";

export const previewSchema = keyInputSchema.extend({ language: z.enum(AGENT_LANGUAGES, { error: "Choose a supported language" }).optional() });

/** What the sample says; languages without a sentence of their own hear the English one. */
const SAMPLES: Partial<Record<(typeof AGENT_LANGUAGES)[number], string>> = {
  en: "Hello! This is how I will sound in your meetings.",
  de: "Hallo! So klinge ich in Ihren Meetings.",
  es: "¡Hola! Así sonaré en tus reuniones.",
  fr: "Bonjour ! Voici comment je sonnerai dans vos réunions.",
};
/** Longest sample kept (s): a provider that talks on is cut, not streamed for minutes. */
const MAX_SECONDS = 15;

/**
 * "Play a sample": speaks one short sentence with the step's text-to-speech provider, model, voice
 * and key (typed, or the agent's stored one), through the same adapter a meeting uses, and answers
 * it as a WAV file. The user's provider bills the few characters; the sample is counted against the
 * same per-minute limit as Test key.
 */
export async function previewVoice(userId: string, providerId: string, input: z.infer<typeof previewSchema>): Promise<Buffer> {
  const { apiKey } = await keyForProviderCall(userId, "tts", providerId, input);
  const extra = input.extraParams ?? {};
  const { entry } = providerEndpoint("tts", providerId, extra);
  const language = input.language ?? "en";
  const model = typeof extra.model === "string" && extra.model ? extra.model : (entry.defaultModel ?? "");
  const tts = createTts({ providerId, apiKey, model, language, extra }, adapterOptions({ retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 }, connectTimeoutMs: providerTimeoutMs() }));
  const deadline = AbortSignal.timeout(providerTimeoutMs() + 10_000);
  try {
    const stream = tts.open(deadline);
    stream.pushText(SAMPLES[language] ?? SAMPLES.en!);
    stream.end();
    const chunks: Int16Array[] = [];
    let samples = 0;
    for await (const chunk of stream.audio) {
      chunks.push(chunk);
      samples += chunk.length;
      if (samples >= MAX_SECONDS * tts.sampleRate) {
        stream.cancel();
        break;
      }
    }
    if (deadline.aborted) throw new AppError("bad_request", "The provider did not finish the sample in time; try again.");
    const pcm = new Int16Array(samples);
    let at = 0;
    for (const c of chunks) {
      pcm.set(c, at);
      at += c.length;
    }
    if (samples === 0) throw new AppError("bad_request", "The provider sent no audio for the sample.");
    return wavFile(pcm.subarray(0, Math.min(samples, MAX_SECONDS * tts.sampleRate)), tts.sampleRate);
  } catch (err) {
    // The provider's own words (its adapter scrubs the key from them): a refused key, a voice it does not know, …
    if (err instanceof ProviderError) throw new AppError("bad_request", err.message);
    throw err;
  } finally {
    tts.close();
  }
}
