import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { createProviders } from "@/lib/voice/providers/create-providers";
import { ProviderError, type TtsProvider } from "@/lib/voice/types";
import { collect, providerConfig, speak, useVoiceFakes, waitFor } from "./support";

const ctx = useVoiceFakes();

type Id = "elevenlabs" | "cartesia" | "deepgram" | "openai" | "openai-compatible";
const ALL: Id[] = ["elevenlabs", "cartesia", "deepgram", "openai", "openai-compatible"];
const SOCKETS: Id[] = ["elevenlabs", "cartesia"];
const HTTP: Id[] = ["deepgram", "openai", "openai-compatible"];

function tts(providerId: Id, extra: Record<string, unknown> = {}, key = ctx.fakes.validKey, language = "en"): TtsProvider & { close(): void } {
  const withBase = providerId === "openai-compatible" ? { baseUrl: ctx.fakes.compatibleBaseUrl, ...extra } : extra;
  const providers = createProviders({ stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", "openai", "k"), tts: providerConfig("tts", providerId, key, withBase, language) }, ctx.options);
  // The session's close() (what the pipeline calls) on top of the provider.
  return Object.assign(Object.create(providers.tts) as TtsProvider, { close: () => providers.close() });
}
const speech = (provider: string) => ctx.fakes.requests.filter((r) => r.provider === provider && r.surface === "speech");
/** What the fake synthesises: 60 ms per character, 150 ms at least, per chunk of text. */
const expectedSamples = (texts: string[], rate: number) => texts.reduce((n, t) => n + Math.round((Math.max(150, [...t.trim()].length * 60) * rate) / 1000), 0);
const samples = (chunks: Int16Array[]) => chunks.reduce((n, c) => n + c.length, 0);

const SENTENCES = ["Good morning, everyone.", "The budget review starts at ten."];

describe("TTS adapters: streaming speech", () => {
  it.each(ALL)("%s turns each sentence into PCM as long as the text, in order, and counts the characters", async (id) => {
    const provider = tts(id);
    const stream = provider.open(new AbortController().signal);
    for (const s of SENTENCES) stream.pushText(s);
    stream.end();
    const audio = await collect(stream.audio);
    expect(samples(audio)).toBe(expectedSamples(SENTENCES, provider.sampleRate));
    // The fake's "speech" is loud and never clipped: a sign the bytes were decoded as 16-bit LE PCM.
    expect(Math.max(...audio.map((c) => Math.max(...c)))).toBeGreaterThan(5000);
    expect(stream.characters).toBe(SENTENCES.join("").length);
    provider.close();
  });

  it.each(ALL)("%s reports its output sample rate", (id) => {
    expect(tts(id).sampleRate).toBe(id === "elevenlabs" ? 22_050 : 24_000);
  });

  it.each(ALL)("%s ends an utterance without text at once", async (id) => {
    const provider = tts(id);
    const stream = provider.open(new AbortController().signal);
    stream.end();
    expect(await collect(stream.audio)).toEqual([]);
    expect(stream.characters).toBe(0);
    provider.close();
  });
});

describe("TTS adapters: requests as each provider wants them", () => {
  it("ElevenLabs: multi-stream-input URL, voice settings on the context's first message, sentences unflushed, a flush and close_context at the end", async () => {
    const provider = tts("elevenlabs", { model: "eleven_turbo_v2_5", voiceId: "pNInz6obpgDQGcFmaJgB", stability: 0.3, similarityBoost: 0.9, speed: 1.1, outputFormat: "pcm_16000" }, ctx.fakes.validKey, "de");
    expect(provider.sampleRate).toBe(16_000);
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Guten Morgen.");
    stream.end();
    await collect(stream.audio);
    const [session] = speech("elevenlabs");
    expect(session.path).toBe("/elevenlabs/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/multi-stream-input");
    expect(session.headers["xi-api-key"]).toBe(ctx.fakes.validKey);
    expect(session.query).toEqual({ model_id: "eleven_turbo_v2_5", output_format: "pcm_16000", inactivity_timeout: "180", auto_mode: "true", language_code: "de" });
    const contextId = (session.messages[0] as { context_id: string }).context_id;
    expect(session.messages).toEqual([
      { text: " ", voice_settings: { stability: 0.3, similarity_boost: 0.9, speed: 1.1 }, context_id: contextId },
      { text: "Guten Morgen. ", context_id: contextId },
      { text: "", context_id: contextId, flush: true },
      { context_id: contextId, close_context: true },
    ]);
    provider.close();
    await waitFor(() => session.closedWith !== undefined);
    expect(session.messages.at(-1)).toEqual({ close_socket: true });
  });

  it("ElevenLabs: catalogue defaults, and no language_code for models that refuse it", async () => {
    const provider = tts("elevenlabs", { model: "eleven_multilingual_v2" });
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Hello.");
    stream.end();
    await collect(stream.audio);
    expect(speech("elevenlabs")[0].path).toBe("/elevenlabs/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/multi-stream-input");
    expect(speech("elevenlabs")[0].query).toEqual({ model_id: "eleven_multilingual_v2", output_format: "pcm_22050", inactivity_timeout: "180", auto_mode: "true" });
    expect((speech("elevenlabs")[0].messages[0] as { voice_settings: unknown }).voice_settings).toEqual({ stability: 0.5, similarity_boost: 0.75, speed: 1 });
    provider.close();
  });

  it("Cartesia: every input repeats the request on its context and asks for a flush; continue false ends it; speed and volume", async () => {
    const provider = tts("cartesia", { voiceId: "694f9389-aac1-45b6-b726-9d9369183238", speed: 1.2, volume: 0.8 }, ctx.fakes.validKey, "fr");
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Bonjour.");
    stream.pushText("Ça va ?");
    stream.end();
    await collect(stream.audio);
    const [session] = speech("cartesia");
    expect(session.path).toBe("/cartesia/tts/websocket");
    expect(session.headers).toMatchObject({ authorization: `Bearer ${ctx.fakes.validKey}`, "cartesia-version": "2026-08-14" });
    const request = {
      model_id: "sonic-3",
      voice: { id: "694f9389-aac1-45b6-b726-9d9369183238" },
      language: "fr",
      output_format: { container: "raw", encoding: "pcm_s16le", sample_rate: 24_000 },
      generation_config: { speed: 1.2, volume: 0.8 },
    };
    const contextId = (session.messages[0] as { context_id: string }).context_id;
    expect(session.messages).toEqual([
      { ...request, context_id: contextId, transcript: "Bonjour. ", continue: true, flush: true },
      { ...request, context_id: contextId, transcript: "Ça va ? ", continue: true, flush: true },
      { ...request, context_id: contextId, transcript: "", continue: false },
    ]);
    provider.close();
  });

  it("Cartesia: a pause in the reply longer than the context lives goes on in a new context, every word voiced", async () => {
    const provider = tts("cartesia");
    const stream = provider.open(new AbortController().signal);
    const chunks: Int16Array[] = [];
    const reading = (async () => {
      for await (const chunk of stream.audio) chunks.push(chunk);
    })();
    stream.pushText("First sentence.");
    const first = expectedSamples(["First sentence."], provider.sampleRate);
    await waitFor(() => samples(chunks) === first);
    // The LLM thinks for longer than Cartesia keeps a context after its last audio.
    await new Promise((r) => setTimeout(r, 1100));
    stream.pushText("Second sentence.");
    stream.end();
    await reading;
    expect(samples(chunks)).toBe(expectedSamples(["First sentence.", "Second sentence."], provider.sampleRate));
    const messages = speech("cartesia")[0].messages as { context_id: string; transcript: string }[];
    expect(messages.map((m) => m.transcript)).toEqual(["First sentence. ", "Second sentence. ", ""]);
    expect(messages[1].context_id).not.toBe(messages[0].context_id);
    expect(messages[2].context_id).toBe(messages[1].context_id);
    expect(speech("cartesia")[0].replies.some((r) => (r as { type: string }).type === "error")).toBe(false);
    provider.close();
  });

  it("Cartesia: an end that comes after the context expired sends nothing more and ends the audio", async () => {
    ctx.fakes.set({ cartesiaContextTtlMs: 1000 });
    const provider = tts("cartesia");
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Only sentence.");
    const chunks: Int16Array[] = [];
    const reading = (async () => {
      for await (const chunk of stream.audio) chunks.push(chunk);
    })();
    await waitFor(() => samples(chunks) === expectedSamples(["Only sentence."], provider.sampleRate));
    await new Promise((r) => setTimeout(r, 600));
    stream.end();
    await reading;
    expect(speech("cartesia")[0].messages).toHaveLength(1);
    provider.close();
  });

  it("Deepgram Aura: POST /v1/speak with model, raw linear16 at 24 kHz, speed, Token auth, one request per sentence", async () => {
    const provider = tts("deepgram", { model: "aura-2-julius-de", speed: 1.3 });
    const stream = provider.open(new AbortController().signal);
    for (const s of SENTENCES) stream.pushText(s);
    stream.end();
    await collect(stream.audio);
    const requests = speech("deepgram");
    expect(requests.map((r) => r.body)).toEqual(SENTENCES.map((text) => ({ text })));
    expect(requests[0].query).toEqual({ model: "aura-2-julius-de", encoding: "linear16", sample_rate: "24000", container: "none", speed: "1.3" });
    expect(requests[0].headers.authorization).toBe(`Token ${ctx.fakes.validKey}`);
  });

  it("OpenAI: /v1/audio/speech with model, voice, speed, instructions and raw PCM", async () => {
    const provider = tts("openai", { voice: "coral", speed: 1.25, instructions: "Calm and friendly." });
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Hello there.");
    stream.end();
    await collect(stream.audio);
    expect(speech("openai")[0]).toMatchObject({
      path: "/openai/v1/audio/speech",
      body: { model: "gpt-4o-mini-tts", voice: "coral", speed: 1.25, instructions: "Calm and friendly.", response_format: "pcm", input: "Hello there." },
    });
  });

  it("OpenAI: tts-1 does not take instructions; OpenAI-compatible posts to <baseUrl>/audio/speech", async () => {
    for (const [id, extra] of [["openai", { model: "tts-1", instructions: "Whisper." }], ["openai-compatible", { voice: "af_bella" }]] as [Id, Record<string, unknown>][]) {
      const stream = tts(id, extra).open(new AbortController().signal);
      stream.pushText("Short test line.");
      stream.end();
      await collect(stream.audio);
    }
    expect(speech("openai")[0].body).toEqual({ model: "tts-1", voice: "alloy", speed: 1, response_format: "pcm", input: "Short test line." });
    expect(speech("openai-compatible")[0]).toMatchObject({ path: "/openai-compatible/v1/audio/speech", body: { model: "tts-1", voice: "af_bella", response_format: "pcm" } });
  });

  it("HTTP providers: words pushed one by one are joined into chunks worth a request", async () => {
    const stream = tts("openai").open(new AbortController().signal);
    for (const word of ["Hi", " ", "all", ", ", "welcome back."]) stream.pushText(word);
    stream.end();
    await collect(stream.audio);
    expect(speech("openai").map((r) => (r.body as { input: string }).input)).toEqual(["Hi all, welcome back."]);
  });
});

describe("TTS adapters: cancellation (barge-in)", () => {
  it.each(ALL)("%s: cancel() ends the audio at once; nothing more arrives", async (id) => {
    ctx.fakes.set({ delays: { ttsChunkMs: 30 } });
    const provider = tts(id);
    const stream = provider.open(new AbortController().signal);
    stream.pushText("This is a long sentence that takes a while to say out loud.");
    stream.pushText("And another one follows it right away.");
    stream.end();
    const received: Int16Array[] = [];
    for await (const chunk of stream.audio) {
      received.push(chunk);
      if (received.length === 2) stream.cancel();
    }
    expect(received).toHaveLength(2);
    provider.close();
  });

  it("HTTP providers: cancel() destroys the requests in flight", async () => {
    ctx.fakes.set({ delays: { ttsChunkMs: 30 } });
    const stream = tts("deepgram").open(new AbortController().signal);
    stream.pushText("This is a long sentence that takes a while to say out loud.");
    const iterator = stream.audio[Symbol.asyncIterator]();
    await iterator.next();
    stream.cancel();
    await waitFor(() => speech("deepgram")[0].aborted);
  });

  it("Cartesia and ElevenLabs: cancel() tells the provider to stop the context", async () => {
    ctx.fakes.set({ delays: { ttsChunkMs: 30 } });
    for (const id of SOCKETS) {
      const provider = tts(id);
      const stream = provider.open(new AbortController().signal);
      stream.pushText("This is a long sentence that takes a while to say out loud.");
      await stream.audio[Symbol.asyncIterator]().next();
      stream.cancel();
      const messages = speech(id)[0].messages as Record<string, unknown>[];
      const contextId = messages[0].context_id;
      await waitFor(() => messages.some((m) => m.cancel || m.close_context));
      expect(messages.at(-1)).toEqual(id === "cartesia" ? { context_id: contextId, cancel: true } : { context_id: contextId, close_context: true });
      provider.close();
    }
  });

  it("ElevenLabs: a barge-in before the reply ended closes the context once, and the unflushed sentences are never synthesised", async () => {
    ctx.fakes.set({ delays: { ttsChunkMs: 30 } });
    const provider = tts("elevenlabs");
    const stream = provider.open(new AbortController().signal);
    stream.pushText("This is a long sentence that takes a while to say out loud.");
    stream.pushText("And another one follows it right away");
    const iterator = stream.audio[Symbol.asyncIterator]();
    await iterator.next();
    stream.cancel();
    stream.end();
    await waitFor(() => speech("elevenlabs")[0].messages.some((m) => (m as { close_context?: boolean }).close_context));
    // A fence: the next utterance's audio arrives, and nothing more for the cancelled context came before it.
    await speak(provider, ["Next."]);
    const [session] = speech("elevenlabs");
    const cancelledId = (session.messages[0] as { context_id: string }).context_id;
    const closes = session.messages.filter((m) => (m as { close_context?: boolean; context_id?: string }).close_context && (m as { context_id: string }).context_id === cancelledId);
    expect(closes).toHaveLength(1);
    expect(session.messages.filter((m) => (m as { context_id?: string }).context_id === cancelledId && (m as { flush?: boolean }).flush)).toEqual([]);
    // ElevenLabs stopped generating: far less audio than the first sentence alone (60 ms a character, 100 ms chunks).
    const audioFor = session.replies.filter((r) => (r as { contextId?: string }).contextId === cancelledId && (r as { audio?: string }).audio);
    expect(audioFor.length).toBeLessThan(Math.floor(("This is a long sentence that takes a while to say out loud.".length * 60) / 100));
    provider.close();
  });

  it("ElevenLabs: cancel after end() sends no second close_context", async () => {
    const provider = tts("elevenlabs");
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Short reply.");
    stream.end();
    const iterator = stream.audio[Symbol.asyncIterator]();
    await iterator.next();
    stream.cancel();
    await speak(provider, ["Fence."]);
    const [session] = speech("elevenlabs");
    const id = (session.messages[0] as { context_id: string }).context_id;
    expect(session.messages.filter((m) => (m as { close_context?: boolean; context_id?: string }).close_context && (m as { context_id: string }).context_id === id)).toHaveLength(1);
    provider.close();
  });

  it.each(ALL)("%s: aborting the signal cancels like cancel()", async (id) => {
    ctx.fakes.set({ delays: { ttsChunkMs: 30 } });
    const controller = new AbortController();
    const provider = tts(id);
    const stream = provider.open(controller.signal);
    stream.pushText("This is a long sentence that takes a while to say out loud.");
    const received: Int16Array[] = [];
    for await (const chunk of stream.audio) {
      received.push(chunk);
      controller.abort();
    }
    expect(received).toHaveLength(1);
    provider.close();
  });
});

describe("TTS adapters: a session-long signal", () => {
  it.each(ALL)("%s: finished utterances leave no listeners on the signal", async (id) => {
    const provider = tts(id);
    const session = new AbortController();
    for (let i = 0; i < 12; i++) {
      const stream = provider.open(session.signal);
      stream.pushText(`Sentence number ${i}.`);
      stream.end();
      await collect(stream.audio);
    }
    const cancelled = provider.open(session.signal);
    cancelled.pushText("Cut short, right away.");
    cancelled.cancel();
    expect(getEventListeners(session.signal, "abort")).toHaveLength(0);
    provider.close();
  });
});

describe("TTS adapters: keys and failures", () => {
  it.each([
    ["elevenlabs", "ElevenLabs text-to-speech rejected the API key: Invalid API key"],
    ["cartesia", "Cartesia text-to-speech rejected the API key (401): Invalid API key"],
    ["deepgram", "Deepgram Aura text-to-speech rejected the API key (401): Invalid credentials."],
    ["openai", "OpenAI text-to-speech rejected the API key (401): Incorrect API key provided: wr***ey."],
    ["openai-compatible", "OpenAI-compatible text-to-speech rejected the API key (401): Incorrect API key provided: wr***ey."],
  ] as [Id, string][])("%s: a wrong key fails the audio with invalid_key naming provider and kind", async (id, message) => {
    const provider = tts(id, {}, "wrong-key");
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Hello there.");
    stream.end();
    const error = await collect(stream.audio).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "tts", providerId: id });
    expect(error.message).toBe(message);
    // The refusal is remembered: the next utterance fails at once, without another connection.
    const before = ctx.fakes.requests.length;
    const again = provider.open(new AbortController().signal);
    again.pushText("Hello again.");
    again.end();
    await expect(collect(again.audio)).rejects.toMatchObject({ kind: "invalid_key" });
    if (SOCKETS.includes(id)) expect(ctx.fakes.requests.length).toBe(before);
    provider.close();
  });

  it.each(["cartesia", "deepgram", "openai", "openai-compatible"] as Id[])("%s: prewarm checks the key", async (id) => {
    await expect(tts(id, {}, "wrong-key").prewarm!()).rejects.toMatchObject({ kind: "invalid_key", providerKind: "tts", providerId: id });
  });

  it.each(HTTP)("%s: a 503 is retried with back-off (logged), a cut kept-alive connection at once", async (id) => {
    ctx.fakes.failNext(id, { status: 503 }, 1, "speech");
    ctx.fakes.failNext(id, { drop: "before" }, 1, "speech");
    const stream = tts(id).open(new AbortController().signal);
    stream.pushText("Second time lucky.");
    stream.end();
    expect(samples(await collect(stream.audio))).toBe(expectedSamples(["Second time lucky."], 24_000));
    expect(ctx.logs).toEqual([expect.objectContaining({ provider: id, kind: "tts", event: "speak_retry", attempt: 1, status: 503 })]);
    expect(speech(id)).toHaveLength(3);
  });

  it("HTTP providers: a request cut after some audio is not replayed; the utterance goes on with the next sentence", async () => {
    ctx.fakes.failNext("openai", { drop: "mid" }, 1, "speech");
    const stream = tts("openai").open(new AbortController().signal);
    for (const s of SENTENCES) stream.pushText(s);
    stream.end();
    const total = samples(await collect(stream.audio));
    expect(total).toBeLessThan(expectedSamples(SENTENCES, 24_000));
    expect(total).toBeGreaterThan(expectedSamples([SENTENCES[1]], 24_000));
    expect(speech("openai")).toHaveLength(2);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: "openai", event: "dropped" }));
  });

  it.each(SOCKETS)("%s: a socket that drops before any audio is reopened and the utterance starts again", async (id) => {
    ctx.fakes.failNext(id, { drop: "mid" }, 1, "speech");
    const provider = tts(id);
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Try again please.");
    stream.end();
    expect(samples(await collect(stream.audio))).toBe(expectedSamples(["Try again please."], provider.sampleRate));
    expect(speech(id)).toHaveLength(2);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: id, kind: "tts", event: "utterance_restart", attempt: 1 }));
    provider.close();
  });

  it("Cartesia: a context error (an unknown model) fails the utterance with bad_request", async () => {
    const provider = tts("cartesia", { model: "no-such-model" });
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Hello.");
    stream.end();
    await expect(collect(stream.audio)).rejects.toMatchObject({ kind: "bad_request", providerId: "cartesia", status: 400 });
    provider.close();
  });
});

describe("TTS adapters: connections", () => {
  it.each(SOCKETS)("%s: prewarm opens the socket every utterance then shares (one context each)", async (id) => {
    const provider = tts(id);
    await provider.prewarm!();
    expect(speech(id)).toHaveLength(1);
    for (const text of ["First reply.", "Second reply."]) {
      const stream = provider.open(new AbortController().signal);
      stream.pushText(text);
      stream.end();
      await collect(stream.audio);
    }
    expect(speech(id)).toHaveLength(1);
    const contexts = new Set((speech(id)[0].messages as { context_id?: string }[]).map((m) => m.context_id));
    expect(contexts.size).toBe(2);
    provider.close();
  });

  it.each(HTTP)("%s: prewarm opens the connection the sentences then reuse", async (id) => {
    const provider = tts(id);
    await provider.prewarm!();
    const stream = provider.open(new AbortController().signal);
    stream.pushText("One sentence here.");
    stream.end();
    await collect(stream.audio);
    const mine = ctx.fakes.requests.filter((r) => r.provider === id);
    expect(mine.map((r) => r.surface)).toEqual(["models", "speech"]);
    expect(new Set(mine.map((r) => r.connection)).size).toBe(1);
  });

  it("ElevenLabs: a socket closed for inactivity is reopened in the background, ready for the next reply", async () => {
    ctx.fakes.set({ elevenLabsInactivityMs: 150 });
    const provider = tts("elevenlabs");
    await provider.prewarm!();
    await waitFor(() => speech("elevenlabs").length === 2);
    expect(speech("elevenlabs")[0].closedWith).toBe(1008);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: "elevenlabs", event: "idle_closed", status: 1008 }));
    ctx.fakes.set({ elevenLabsInactivityMs: 60_000 });
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Still warm.");
    stream.end();
    expect(samples(await collect(stream.audio))).toBeGreaterThan(0);
    provider.close();
  });

  it.each(SOCKETS)("%s: an utterance still waiting for the socket when the session closes just ends", async (id) => {
    ctx.fakes.failNext(id, { hang: true }, 1, "speech");
    const provider = tts(id);
    const stream = provider.open(new AbortController().signal);
    stream.pushText("Never said.");
    stream.end();
    const audio = collect(stream.audio);
    await waitFor(() => speech(id).length === 1);
    provider.close();
    expect(await audio).toEqual([]);
  });

  it.each(SOCKETS)("%s: close() closes the shared socket", async (id) => {
    const provider = tts(id);
    await provider.prewarm!();
    provider.close();
    await waitFor(() => speech(id)[0].closedWith === 1000);
  });
});
