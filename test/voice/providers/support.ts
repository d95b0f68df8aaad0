import { afterEach } from "vitest";
import { catalogueEntry, type ProviderKind } from "@/lib/providers/catalogue";
import type { ProviderLogEvent } from "@/lib/voice/providers/log";
import type { AdapterOptions } from "@/lib/voice/providers/options";
import type { PcmFrame, ProviderConfig, SttEvent, SttProvider, SttStream, TtsProvider } from "@/lib/voice/types";
import { speechTone } from "@/test/fakes/voice/audio";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import type { VoiceFakes } from "@/test/fakes/voice/server";

/** Starts the voice fakes for a test file and points every provider at them. */
export function useVoiceFakes(): { fakes: VoiceFakes; logs: ProviderLogEvent[]; options: Partial<AdapterOptions> } {
  const logs: ProviderLogEvent[] = [];
  const options: Partial<AdapterOptions> = {
    log: (event) => logs.push(event),
    // Fast back-off and timeouts: tests wait in tens of ms, not seconds.
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
    connectTimeoutMs: 2000,
    idleTimeoutMs: 2000,
    closeTimeoutMs: 2000,
  };
  const fakes = voiceFakesForFile({ providersEnv: true });
  afterEach(() => {
    logs.length = 0;
  });
  return { fakes, logs, options };
}

/** A provider config as the pipeline builds it: catalogue default model unless extra.model says otherwise. */
export function providerConfig(kind: ProviderKind, providerId: string, apiKey: string, extra: Record<string, unknown> = {}, language = "en"): ProviderConfig {
  const entry = catalogueEntry(kind, providerId)!;
  return { providerId, apiKey, model: (extra.model as string) ?? entry.defaultModel ?? "test-model", language, extra };
}

/** 16 kHz frames of 20 ms: `speechMs` of speech-like sound then `silenceMs` of silence, from `startMs` on the session clock. */
export function utterance(speechMs: number, silenceMs: number, startMs = 0): PcmFrame[] {
  const speech = speechTone("x".repeat(Math.ceil(speechMs / 60)), 16_000, 60).subarray(0, (speechMs * 16_000) / 1000);
  const all = new Int16Array(speech.length + (silenceMs * 16_000) / 1000);
  all.set(speech);
  const frames: PcmFrame[] = [];
  for (let i = 0; i < all.length; i += 320) {
    frames.push({ samples: all.slice(i, i + 320), sampleRate: 16_000, timeMs: startMs + i / 16 });
  }
  return frames;
}

export function silence(ms: number, startMs = 0): PcmFrame[] {
  return utterance(0, ms, startMs);
}

/** Pushes frames in real time (20 ms apart), as a meeting delivers them. */
export async function pushRealtime(push: (frame: PcmFrame) => void, frames: PcmFrame[]): Promise<void> {
  for (const frame of frames) {
    push(frame);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A stream of `provider`, once it is ready to take audio. */
export async function openReady(provider: SttProvider): Promise<SttStream> {
  const stream = provider.open(new AbortController().signal);
  await stream.ready;
  return stream;
}

/** Reads events until `stop` says so (inclusive); rejects with what the iterator throws. */
export async function readUntil(events: AsyncIterable<SttEvent>, stop: (e: SttEvent, all: SttEvent[]) => boolean): Promise<SttEvent[]> {
  const seen: SttEvent[] = [];
  const iterator = events[Symbol.asyncIterator]();
  for (;;) {
    const next = await iterator.next();
    if (next.done) return seen;
    seen.push(next.value);
    if (stop(next.value, seen)) return seen;
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** One utterance of `sentences`, spoken to its end; its audio. */
export async function speak(provider: TtsProvider, sentences: string[]): Promise<Int16Array[]> {
  const stream = provider.open(new AbortController().signal);
  for (const sentence of sentences) stream.pushText(sentence);
  stream.end();
  return collect(stream.audio);
}

/**
 * One utterance of `sentences` spoken to the end, then another cancelled once its audio started (a
 * barge-in), then the provider closed; returns the first utterance's audio.
 */
export async function speakThenBargeIn(provider: TtsProvider & { close(): void }, sentences: string[]): Promise<Int16Array[]> {
  const audio = await speak(provider, sentences);
  const second = provider.open(new AbortController().signal);
  second.pushText("Interrupted before it ends, a barge-in.");
  for await (const _ of second.audio) second.cancel();
  provider.close();
  return audio;
}
