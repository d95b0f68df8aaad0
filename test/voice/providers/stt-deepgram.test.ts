import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { createProviders } from "@/lib/voice/providers/create-providers";
import { createDeepgramStt } from "@/lib/voice/providers/stt/deepgram";
import { adapterOptions } from "@/lib/voice/providers/options";
import { ProviderError, type SttEvent } from "@/lib/voice/types";
import { openReady, providerConfig, pushRealtime, readUntil, silence, useVoiceFakes, utterance, waitFor } from "./support";

const ctx = useVoiceFakes();
const stt = (extra: Record<string, unknown> = {}, key = ctx.fakes.validKey, more: Parameters<typeof adapterOptions>[0] = {}) =>
  createDeepgramStt(providerConfig("stt", "deepgram", key, extra), adapterOptions({ ...ctx.options, ...more }));
const listens = () => ctx.fakes.requests.filter((r) => r.provider === "deepgram" && r.surface === "listen");

describe("Deepgram speech-to-text (Nova, /v1/listen)", () => {
  it("streams interim and final results and Deepgram's end of turn, timed on the session clock", async () => {
    ctx.fakes.script({ stt: ["What is on the agenda today?"] });
    const stream = await openReady(stt());
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(1200, 600, 5_000)) stream.push(frame);
    const events = await reading;
    expect(events.filter((e) => e.type === "interim").length).toBeGreaterThan(0);
    const final = events.find((e) => e.type === "final") as Extract<SttEvent, { type: "final" }>;
    expect(final.text).toBe("What is on the agenda today?");
    // The fake heard speech from 0 ms of its stream, which is 5 s on the session clock.
    expect(final.startMs).toBeGreaterThanOrEqual(5_000);
    expect(final.startMs).toBeLessThan(5_100);
    expect(final.endMs).toBeGreaterThan(6_000);
    expect(final.words?.map((w) => w.text).join(" ")).toBe("What is on the agenda today?");
    expect(events.at(-1)).toEqual({ type: "end_of_turn" });
    // One end of turn per utterance even though UtteranceEnd follows speech_final.
    for (const frame of silence(1500, 6_800)) stream.push(frame);
    await waitFor(() => listens()[0].replies.some((m) => (m as { type: string }).type === "UtteranceEnd"));
    const rest = readUntil(stream.events, () => false);
    await stream.close();
    expect(await rest).toEqual([]);
    expect(listens()).toHaveLength(1);
  });

  it("the fake: a burst too short for words takes no scripted line when told so (the e2e stack's setting)", async () => {
    ctx.fakes.set({ minScriptedSpeechMs: 250 });
    ctx.fakes.script({ stt: ["What is on the agenda today?", "A line for a later utterance."] });
    const stream = await openReady(stt());
    // A 120 ms burst (a jitter buffer's artefact under load), then the question.
    const reading = readUntil(stream.events, (e) => e.type === "final" && e.text !== "" && (e.startMs ?? 0) >= 5_700);
    for (const frame of [...utterance(120, 600, 5_000), ...utterance(1200, 600, 5_720)]) stream.push(frame);
    const finals = (await reading).filter((e): e is Extract<SttEvent, { type: "final" }> => e.type === "final" && e.text !== "");
    expect(finals.map((f) => f.text)).toEqual(["What is on the agenda today?"]);
    await stream.close();
  });

  it("sends every catalogue parameter Deepgram supports in the connection URL", async () => {
    const stream = await openReady(stt({ model: "nova-3", endpointing: 450, utterance_end_ms: 1500, interim_results: true, smart_format: false, diarize: true, keyterm: "Cohost, Grace Hopper" }));
    await stream.close();
    expect(listens()[0].query).toMatchObject({
      model: "nova-3",
      language: "en",
      encoding: "linear16",
      sample_rate: "16000",
      channels: "1",
      endpointing: "450",
      utterance_end_ms: "1500",
      interim_results: "true",
      smart_format: "false",
      diarize: "true",
      keyterm: ["Cohost", "Grace Hopper"],
    });
    expect(listens()[0].headers.authorization).toBe(`Token ${ctx.fakes.validKey}`);
  });

  it("uses catalogue defaults, drops utterance_end_ms without interim results, and boosts older models with keywords", async () => {
    const defaults = await openReady(stt());
    await defaults.close();
    expect(listens()[0].query).toMatchObject({ model: "nova-3", endpointing: "300", utterance_end_ms: "1000", interim_results: "true", smart_format: "true", diarize: "false" });
    const old = await openReady(stt({ model: "nova-2-meeting", interim_results: false, keyterm: "Cohost" }));
    await old.close();
    expect(listens()[1].query).toMatchObject({ model: "nova-2-meeting", interim_results: "false", keywords: "Cohost" });
    expect(listens()[1].query).not.toHaveProperty("utterance_end_ms");
    expect(listens()[1].query).not.toHaveProperty("keyterm");
  });

  it("finalize() sends Finalize and gets the final transcript without waiting for endpointing", async () => {
    ctx.fakes.script({ stt: ["Stop right there."] });
    // Endpointing longer than the test: only Finalize can end this utterance.
    const stream = await openReady(stt({ endpointing: 5000 }));
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(800, 100)) stream.push(frame);
    stream.finalize();
    const events = await reading;
    expect(events.filter((e) => e.type === "final").map((e) => (e as { text: string }).text)).toEqual(["Stop right there."]);
    expect(listens()[0].messages).toContainEqual({ type: "Finalize" });
    await stream.close();
  });

  it("keeps the socket open through silence with KeepAlive", async () => {
    ctx.fakes.set({ deepgramIdleMs: 300 });
    const stream = await openReady(stt({}, ctx.fakes.validKey, { keepAliveMs: 100 }));
    await new Promise((r) => setTimeout(r, 900));
    expect(listens()).toHaveLength(1);
    expect(listens()[0].closedWith).toBeUndefined();
    expect(listens()[0].messages.filter((m) => (m as { type: string }).type === "KeepAlive").length).toBeGreaterThanOrEqual(3);
    await stream.close();
  });

  it("reconnects after Deepgram closes an idle socket (NET-0001) and keeps transcribing; logs the drop", async () => {
    ctx.fakes.set({ deepgramIdleMs: 150 });
    ctx.fakes.script({ stt: ["Back again."] });
    // No keep-alive: the fake closes the socket with 1011 after 150 ms.
    const stream = await openReady(stt({}, ctx.fakes.validKey, { keepAliveMs: 60_000 }));
    await waitFor(() => listens().length === 2);
    expect(listens()[0].closedWith).toBe(1011);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: "deepgram", kind: "stt", event: "dropped", status: 1011 }));
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(600, 400)) stream.push(frame);
    expect((await reading).find((e) => e.type === "final")).toMatchObject({ text: "Back again." });
    await stream.close();
  });

  it("retries a refused connection (503, cut) with back-off, logging each retry", async () => {
    ctx.fakes.failNext("deepgram", { status: 503 }, 1, "listen");
    ctx.fakes.failNext("deepgram", { drop: "before" }, 1, "listen");
    const stream = await openReady(stt());
    expect(ctx.logs.filter((l) => l.event === "connect_retry").map((l) => l.attempt)).toEqual([1, 2]);
    expect(ctx.logs[0]).toMatchObject({ provider: "deepgram", kind: "stt", status: 503 });
    await stream.close();
  });

  it("an upgrade that gets no answer times out and is retried", async () => {
    ctx.fakes.failNext("deepgram", { hang: true }, 1, "listen");
    const stream = await openReady(stt({}, ctx.fakes.validKey, { connectTimeoutMs: 200 }));
    expect(ctx.logs).toEqual([expect.objectContaining({ event: "connect_retry", attempt: 1, error: "Deepgram speech-to-text failed temporarily: no answer within 200 ms" })]);
    await stream.close();
  });

  it("gives up after the last retry with a transient ProviderError", async () => {
    ctx.fakes.failNext("deepgram", { status: 500 }, 3, "listen");
    const stream = stt().open(new AbortController().signal);
    await expect(stream.ready).rejects.toMatchObject({ kind: "transient", providerKind: "stt", providerId: "deepgram", status: 500 });
    await expect(readUntil(stream.events, () => false)).rejects.toBeInstanceOf(ProviderError);
    expect(ctx.logs.at(-1)).toMatchObject({ event: "connect_gave_up", attempt: 3 });
  });

  it("an invalid key ends the stream with invalid_key, naming provider and kind, without retrying", async () => {
    const stream = stt({}, "wrong-key").open(new AbortController().signal);
    const error = await stream.ready.catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "stt", providerId: "deepgram", status: 401 });
    expect(error.message).toBe("Deepgram speech-to-text rejected the API key (401): Invalid credentials.");
    await expect(readUntil(stream.events, () => false)).rejects.toBe(error);
    expect(listens()).toHaveLength(1);
    expect(ctx.logs).toEqual([]);
  });

  it("close() sends CloseStream, delivers the last results and reports the audio streamed", async () => {
    ctx.fakes.script({ stt: ["Last words."] });
    const stream = await openReady(stt({ endpointing: 5000 }));
    const frames = utterance(700, 100);
    for (const frame of frames) stream.push(frame);
    const reading = readUntil(stream.events, () => false);
    await stream.close();
    const events = await reading;
    expect(events.find((e) => e.type === "final")).toMatchObject({ text: "Last words." });
    expect(listens()[0].messages.at(-1)).toEqual({ type: "CloseStream" });
    expect(listens()[0].closedWith).toBe(1000);
    expect(stream.audioMs).toBe(frames.length * 20);
    expect(listens()[0].audioMs).toBe(frames.length * 20);
  });

  it("aborting the signal closes the socket at once and ends the events", async () => {
    const controller = new AbortController();
    const stream = stt().open(controller.signal);
    await stream.ready;
    const reading = readUntil(stream.events, () => false);
    controller.abort();
    expect(await reading).toEqual([]);
    await waitFor(() => listens()[0].closedWith !== undefined);
  });

  it("closed streams leave no listeners on a session-long signal", async () => {
    const session = new AbortController();
    for (let i = 0; i < 3; i++) {
      const stream = stt().open(session.signal);
      await stream.ready;
      await stream.close();
    }
    expect(getEventListeners(session.signal, "abort")).toHaveLength(0);
  });

  it("audio pushed while the connection is still opening is sent once it is open", async () => {
    ctx.fakes.script({ stt: ["Early bird."] });
    const stream = stt().open(new AbortController().signal);
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(600, 500)) stream.push(frame);
    expect((await reading).find((e) => e.type === "final")).toMatchObject({ text: "Early bird." });
    await stream.close();
  });

  it("pushes in real time produce results before the speaker has finished the next sentence", async () => {
    ctx.fakes.script({ stt: ["One.", "Two."] });
    const stream = await openReady(stt());
    const reading = readUntil(stream.events, (_e, all) => all.filter((x) => x.type === "end_of_turn").length === 2);
    await pushRealtime((f) => stream.push(f), [...utterance(300, 400), ...utterance(300, 400, 700)]);
    const finals = (await reading).filter((e) => e.type === "final").map((e) => (e as { text: string }).text);
    expect(finals).toEqual(["One.", "Two."]);
    await stream.close();
  });
});

describe("Deepgram Flux (/v2/listen)", () => {
  it("turns TurnInfo updates into interims and EndOfTurn into a final with end_of_turn; finalize() sends ForceEndTurn", async () => {
    ctx.fakes.script({ stt: ["Flux knows when I stop.", "Forced."] });
    ctx.fakes.set({ fluxEndSilenceMs: 300 });
    const stream = await openReady(stt({ model: "flux-general-en", keyterm: "Cohost" }));
    expect(listens()[0].path).toBe("/deepgram/v2/listen");
    expect(listens()[0].query).toMatchObject({ model: "flux-general-en", encoding: "linear16", sample_rate: "16000", keyterm: "Cohost" });
    let reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(900, 500)) stream.push(frame);
    let events = await reading;
    expect(events.some((e) => e.type === "interim")).toBe(true);
    expect(events.filter((e) => e.type === "final").map((e) => (e as { text: string }).text)).toEqual(["Flux knows when I stop."]);

    reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(500, 60, 2000)) stream.push(frame);
    stream.finalize();
    events = await reading;
    expect(events.find((e) => e.type === "final")).toMatchObject({ text: "Forced." });
    expect(listens()[0].messages).toContainEqual({ type: "ForceEndTurn" });
    await stream.close();
  });
});

describe("Deepgram Flux: quiet times and closing", () => {
  it("holds an idle socket with a little silence (Flux has no KeepAlive message)", async () => {
    ctx.fakes.set({ deepgramIdleMs: 300 });
    const stream = await openReady(stt({ model: "flux-general-en" }, ctx.fakes.validKey, { keepAliveMs: 100 }));
    await new Promise((r) => setTimeout(r, 900));
    expect(listens()).toHaveLength(1);
    expect(listens()[0].closedWith).toBeUndefined();
    expect(listens()[0].messages).toEqual([]);
    expect(listens()[0].replies.some((m) => (m as { type: string }).type === "Error")).toBe(false);
    // Billed: the silence went out as audio, 80 ms at a time.
    expect(stream.audioMs).toBeGreaterThanOrEqual(3 * 80);
    expect(stream.audioMs % 80).toBe(0);
    await stream.close();
  });

  it("close() ends the turn in progress first, so its words are not lost", async () => {
    ctx.fakes.script({ stt: ["Unfinished thought."] });
    const stream = await openReady(stt({ model: "flux-general-en" }));
    for (const frame of utterance(700, 60)) stream.push(frame);
    const reading = readUntil(stream.events, () => false);
    await stream.close();
    expect((await reading).filter((e) => e.type !== "interim")).toEqual([expect.objectContaining({ type: "final", text: "Unfinished thought." }), { type: "end_of_turn" }]);
    expect(listens()[0].messages).toEqual([{ type: "ForceEndTurn" }, { type: "CloseStream" }]);
    expect(listens()[0].closedWith).toBe(1005);
  });
});

describe("createProviders with Deepgram", () => {
  it("builds the Deepgram adapter from the agent's config; it reports its own turn events", () => {
    const { stt } = createProviders(
      { stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", "openai", "k"), tts: providerConfig("tts", "openai", "k") },
      ctx.options,
    );
    expect(stt).toMatchObject({ providerId: "deepgram", model: "nova-3", turnEvents: true });
  });
});
