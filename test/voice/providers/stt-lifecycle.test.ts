import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { adapterOptions } from "@/lib/voice/providers/options";
import { createAssemblyAiStt } from "@/lib/voice/providers/stt/assemblyai";
import { createDeepgramStt } from "@/lib/voice/providers/stt/deepgram";
import { createOpenAiStt } from "@/lib/voice/providers/stt/openai";
import { ProviderError, type SttProvider } from "@/lib/voice/types";
import { providerConfig, readUntil, useVoiceFakes, utterance } from "./support";

// The lifecycle every speech-to-text stream shares (stt-stream-base.ts), checked on each kind: the
// HTTP upload (OpenAI) and the WebSocket streams (Deepgram, AssemblyAI).

const ctx = useVoiceFakes();
const kinds: { name: string; providerId: string; make: (key: string) => SttProvider }[] = [
  { name: "HTTP (OpenAI)", providerId: "openai", make: (key) => createOpenAiStt(providerConfig("stt", "openai", key), adapterOptions(ctx.options)) },
  { name: "WebSocket (Deepgram)", providerId: "deepgram", make: (key) => createDeepgramStt(providerConfig("stt", "deepgram", key), adapterOptions(ctx.options)) },
  { name: "WebSocket (AssemblyAI)", providerId: "assemblyai", make: (key) => createAssemblyAiStt(providerConfig("stt", "assemblyai", key), adapterOptions(ctx.options)) },
];

describe.each(kinds)("speech-to-text stream lifecycle: $name", ({ providerId, make }) => {
  const requests = () => ctx.fakes.requests.filter((r) => r.provider === providerId && (r.surface === "transcribe" || r.surface === "listen"));

  it("aborting the caller's signal ends the events without an error and unhooks the stream from it", async () => {
    const controller = new AbortController();
    const stream = make(ctx.fakes.validKey).open(controller.signal);
    await stream.ready;
    const reading = readUntil(stream.events, () => false);
    controller.abort();
    expect(await reading).toEqual([]);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    // Closing a finished stream is harmless.
    await stream.close();
  });

  it("close() ends the events; audio and finalize() after it are ignored and the billed audio stays", async () => {
    const session = new AbortController();
    const stream = make(ctx.fakes.validKey).open(session.signal);
    await stream.ready;
    for (const frame of utterance(600, 200)) stream.push(frame);
    stream.finalize();
    const reading = readUntil(stream.events, () => false);
    await stream.close();
    // What the provider still said is delivered (each adapter's tests check which words), then the events end.
    await reading;
    const billed = stream.audioMs;
    expect(billed).toBeGreaterThan(0);
    const sent = requests().length;
    for (const frame of utterance(600, 200, 1000)) stream.push(frame);
    stream.finalize();
    await stream.close();
    expect(stream.audioMs).toBe(billed);
    expect(requests()).toHaveLength(sent);
    expect(getEventListeners(session.signal, "abort")).toHaveLength(0);
  });

  it("a refused key rejects ready and fails the events with the same ProviderError, once", async () => {
    const stream = make("wrong-key").open(new AbortController().signal);
    const error = await stream.ready.catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "stt", providerId });
    const iterator = stream.events[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toBe(error);
    // After the failure the events are over, not failed again.
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    await stream.close();
  });
});
