import { describe, expect, it } from "vitest";
import { adapterOptions } from "@/lib/voice/providers/options";
import { createAssemblyAiStt } from "@/lib/voice/providers/stt/assemblyai";
import { ProviderError } from "@/lib/voice/types";
import { openReady, providerConfig, readUntil, useVoiceFakes, utterance, waitFor } from "./support";

const ctx = useVoiceFakes();
const stt = (extra: Record<string, unknown> = {}, key = ctx.fakes.validKey) => createAssemblyAiStt(providerConfig("stt", "assemblyai", key, extra), adapterOptions(ctx.options));
const sessions = () => ctx.fakes.requests.filter((r) => r.provider === "assemblyai" && r.surface === "listen");

describe("AssemblyAI Universal-Streaming v3", () => {
  it("is ready after Begin, streams partial turns, and ends a turn with the formatted transcript", async () => {
    ctx.fakes.script({ stt: ["Hello there, Cohost."] });
    const stream = await openReady(stt());
    expect(sessions()[0].replies[0]).toMatchObject({ type: "Begin" });
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    // 20 ms frames: the adapter must gather them into chunks of at least 50 ms (the fake refuses less).
    for (const frame of utterance(1200, 600)) stream.push(frame);
    const events = await reading;
    expect(events.filter((e) => e.type === "interim").length).toBeGreaterThan(0);
    // The raw end of turn ("hello there cohost") is skipped for the formatted one.
    expect(events.filter((e) => e.type === "final")).toEqual([expect.objectContaining({ type: "final", text: "Hello there, Cohost." })]);
    expect(events.at(-1)).toEqual({ type: "end_of_turn" });
    expect(sessions()[0].closedWith).toBeUndefined();
    await stream.close();
  });

  it("without format_turns, the raw end of turn is the final", async () => {
    ctx.fakes.script({ stt: ["Hello there."] });
    const stream = await openReady(stt({ format_turns: false }));
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(800, 600)) stream.push(frame);
    expect((await reading).find((e) => e.type === "final")).toMatchObject({ text: "hello there" });
    await stream.close();
  });

  it("sends the model, the turn thresholds and the key terms in the connection URL, the key in Authorization", async () => {
    const stream = await openReady(stt({ model: "universal-streaming-multilingual", end_of_turn_confidence_threshold: 0.6, min_turn_silence: 250, max_turn_silence: 2000, keyterms_prompt: "Cohost, Hopper" }));
    await stream.close();
    expect(sessions()[0].path).toBe("/assemblyai/v3/ws");
    expect(sessions()[0].headers.authorization).toBe(ctx.fakes.validKey);
    expect(sessions()[0].query).toEqual({
      sample_rate: "16000",
      encoding: "pcm_s16le",
      speech_model: "universal-streaming-multilingual",
      format_turns: "true",
      end_of_turn_confidence_threshold: "0.6",
      min_turn_silence: "250",
      max_turn_silence: "2000",
      keyterms_prompt: JSON.stringify(["Cohost", "Hopper"]),
    });
  });

  it("finalize() sends ForceEndpoint and the turn ends at once", async () => {
    ctx.fakes.script({ stt: ["Forced end."] });
    const stream = await openReady(stt({ min_turn_silence: 5000 }));
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    // 30 ms of trailing audio: the last chunk is padded to 50 ms rather than refused.
    for (const frame of utterance(700, 30)) stream.push(frame);
    stream.finalize();
    expect((await reading).find((e) => e.type === "final")).toMatchObject({ text: "Forced end." });
    expect(sessions()[0].messages).toEqual([{ type: "ForceEndpoint" }]);
    await stream.close();
  });

  it("close() sends Terminate and bills the session length AssemblyAI reports", async () => {
    const stream = await openReady(stt());
    for (const frame of utterance(300, 200)) stream.push(frame);
    await new Promise((r) => setTimeout(r, 100));
    await stream.close();
    const termination = sessions()[0].replies.find((m) => (m as { type: string }).type === "Termination") as { session_duration_seconds: number };
    expect(sessions()[0].messages.at(-1)).toEqual({ type: "Terminate" });
    expect(sessions()[0].closedWith).toBe(1000);
    expect(stream.audioMs).toBe(Math.round(termination.session_duration_seconds * 1000));
    expect(stream.audioMs).toBeGreaterThan(0);
  });

  it("a refused key (Error frame, close 1008) ends the stream with invalid_key", async () => {
    const stream = stt({}, "wrong-key").open(new AbortController().signal);
    const error = await stream.ready.catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "stt", providerId: "assemblyai", status: 1008 });
    expect(error.message).toBe("AssemblyAI speech-to-text rejected the API key (1008): Unauthorized Connection: Invalid API key");
    await expect(readUntil(stream.events, () => false)).rejects.toBe(error);
    expect(sessions()).toHaveLength(1);
  });

  it("a session that drops is reopened and keeps transcribing", async () => {
    ctx.fakes.script({ stt: ["Still here."] });
    ctx.fakes.failNext("assemblyai", { drop: "mid" }, 1, "listen");
    const stream = await openReady(stt());
    // The first session dies after our first message; the adapter opens a second one.
    stream.finalize();
    await waitFor(() => sessions().length === 2 && sessions()[1].replies.length > 0);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: "assemblyai", event: "dropped" }));
    const reading = readUntil(stream.events, (e) => e.type === "end_of_turn");
    for (const frame of utterance(700, 600)) stream.push(frame);
    expect((await reading).find((e) => e.type === "final")).toMatchObject({ text: "Still here." });
    await stream.close();
  });
});
