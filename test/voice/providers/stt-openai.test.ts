import { describe, expect, it } from "vitest";
import { adapterOptions } from "@/lib/voice/providers/options";
import { createOpenAiStt } from "@/lib/voice/providers/stt/openai";
import { ProviderError } from "@/lib/voice/types";
import { openReady, providerConfig, readUntil, silence, useVoiceFakes, utterance } from "./support";

const ctx = useVoiceFakes();
const stt = (providerId: "openai" | "openai-compatible", extra: Record<string, unknown> = {}, key = ctx.fakes.validKey, language = "en") =>
  createOpenAiStt(providerConfig("stt", providerId, key, providerId === "openai-compatible" ? { baseUrl: ctx.fakes.compatibleBaseUrl, ...extra } : extra, language), adapterOptions(ctx.options));
const uploads = (provider = "openai") => ctx.fakes.requests.filter((r) => r.provider === provider && r.surface === "transcribe");

describe("OpenAI speech-to-text (HTTP transcription of each utterance)", () => {
  it("uploads the utterance as a WAV on finalize(), trimmed of silence, and emits its final transcript", async () => {
    ctx.fakes.script({ stt: ["Can you hear me?"] });
    const provider = stt("openai", { model: "gpt-4o-mini-transcribe", prompt: "Cohost, Hopper" }, ctx.fakes.validKey, "de");
    expect(provider.turnEvents).toBe(false);
    const stream = await openReady(provider);
    // 2 s of silence, 1 s of speech, 1 s of silence: only the speech and 300 ms either side go up.
    const frames = [...silence(2000, 10_000), ...utterance(1000, 1000, 12_000)];
    for (const frame of frames) stream.push(frame);
    const reading = readUntil(stream.events, (e) => e.type === "final");
    stream.finalize();
    const [final] = await reading;
    expect(final).toEqual({ type: "final", text: "Can you hear me?", startMs: 11_700, endMs: 13_300 });
    const [upload] = uploads();
    expect(upload.path).toBe("/openai/v1/audio/transcriptions");
    expect(upload.headers.authorization).toBe(`Bearer ${ctx.fakes.validKey}`);
    expect(upload.fields).toEqual({ model: "gpt-4o-mini-transcribe", language: "de", response_format: "json", prompt: "Cohost, Hopper" });
    expect(upload.audioMs).toBe(1600);
    expect(stream.audioMs).toBe(1600);
    await stream.close();
  });

  it("uploads nothing for an utterance of silence, and keeps finals in the order people spoke", async () => {
    ctx.fakes.script({ stt: ["First.", "Second."] });
    const stream = await openReady(stt("openai"));
    for (const frame of silence(1000)) stream.push(frame);
    stream.finalize();
    for (const frame of utterance(400, 100, 1000)) stream.push(frame);
    stream.finalize();
    for (const frame of utterance(400, 100, 1500)) stream.push(frame);
    stream.finalize();
    const events = await readUntil(stream.events, (_e, all) => all.length === 2);
    expect(events.map((e) => (e as { text: string }).text)).toEqual(["First.", "Second."]);
    expect(uploads()).toHaveLength(2);
    await stream.close();
  });

  it("an utterance the transcriber hears nothing in gives no event", async () => {
    ctx.fakes.script({ stt: ["", "After the cough."] });
    const stream = await openReady(stt("openai"));
    for (const frame of utterance(300, 100)) stream.push(frame);
    stream.finalize();
    for (const frame of utterance(400, 100, 400)) stream.push(frame);
    stream.finalize();
    expect(await readUntil(stream.events, () => true)).toEqual([expect.objectContaining({ type: "final", text: "After the cough." })]);
    expect(uploads()).toHaveLength(2);
    await stream.close();
  });

  it("checks the key when it opens: a wrong one rejects ready and ends the events with invalid_key", async () => {
    const stream = stt("openai", {}, "wrong-key").open(new AbortController().signal);
    const error = await stream.ready.catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "stt", providerId: "openai", status: 401 });
    expect(error.message).toBe("OpenAI speech-to-text rejected the API key (401): Incorrect API key provided: wr***ey.");
    await expect(readUntil(stream.events, () => false)).rejects.toBe(error);
  });

  it("retries a 500 with back-off (logged) and a cut kept-alive connection at once, then transcribes", async () => {
    ctx.fakes.script({ stt: ["Third time lucky."] });
    ctx.fakes.failNext("openai", { status: 500 }, 1, "transcribe");
    ctx.fakes.failNext("openai", { drop: "before" }, 1, "transcribe");
    const stream = await openReady(stt("openai"));
    for (const frame of utterance(500, 100)) stream.push(frame);
    stream.finalize();
    const [final] = await readUntil(stream.events, (e) => e.type === "final");
    expect(final).toMatchObject({ text: "Third time lucky." });
    expect(ctx.logs).toEqual([expect.objectContaining({ provider: "openai", kind: "stt", event: "transcribe_retry", attempt: 1, status: 500 })]);
    expect(uploads()).toHaveLength(3);
    await stream.close();
  });

  it("close() waits for the last transcription", async () => {
    ctx.fakes.script({ stt: ["Goodbye."] });
    ctx.fakes.set({ delays: { sttFinalMs: 150 } });
    const stream = await openReady(stt("openai"));
    for (const frame of utterance(400, 100)) stream.push(frame);
    stream.finalize();
    const reading = readUntil(stream.events, () => false);
    await stream.close();
    expect(await reading).toEqual([expect.objectContaining({ type: "final", text: "Goodbye." })]);
  });

  it("OpenAI-compatible: posts to <baseUrl>/audio/transcriptions", async () => {
    ctx.fakes.script({ stt: ["Self-hosted."] });
    const stream = await openReady(stt("openai-compatible"));
    for (const frame of utterance(400, 100)) stream.push(frame);
    stream.finalize();
    expect((await readUntil(stream.events, (e) => e.type === "final"))[0]).toMatchObject({ text: "Self-hosted." });
    expect(uploads("openai-compatible")[0]).toMatchObject({ path: "/openai-compatible/v1/audio/transcriptions", fields: { model: "whisper-1", language: "en", response_format: "json" } });
    await stream.close();
  });

  it("OpenAI-compatible: a base URL on a private address is refused unless the operator allows it", async () => {
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    try {
      expect(() => stt("openai-compatible")).toThrow(expect.objectContaining({ kind: "bad_request", message: 'OpenAI-compatible speech-to-text refused the request: "baseUrl" must not point to a private network address' }));
    } finally {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
    }
    expect(ctx.fakes.requests).toEqual([]);
  });
});
