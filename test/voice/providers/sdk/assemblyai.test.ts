import { AssemblyAI, type StreamingTranscriberParams } from "assemblyai";
import { describe, expect, it } from "vitest";
import { chunked, speechTone } from "@/test/fakes/voice/audio";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { readSdkTypesFirst, sdkTypeErrors } from "./sdk-types";

// The fake AssemblyAI Universal-Streaming API judged by the `assemblyai` SDK: its streaming
// transcriber (wss only, hence the fakes on TLS) connects, streams, forces an endpoint and
// terminates; every message the fake sent is checked against the SDK's declared event types, and
// what AssemblyAI refuses comes back as its Error frame and close code.

const fakes = voiceFakesForFile({ tls: true });
const IMPORTS = 'import type { BeginEvent, TurnEvent, TerminationEvent, ErrorEvent } from "assemblyai";';
readSdkTypesFirst(IMPORTS);
const TYPES: Record<string, string> = { Begin: "BeginEvent", Turn: "TurnEvent", Termination: "TerminationEvent", Error: "ErrorEvent" };
const judge = (replies: unknown[]) => sdkTypeErrors(IMPORTS, replies.map((value) => ({ typeName: TYPES[String((value as { type: string }).type)] ?? "never", value })));

function transcriber(params: Partial<StreamingTranscriberParams> = {}, apiKey = fakes.validKey) {
  const client = new AssemblyAI({ apiKey, baseUrl: `${fakes.url}/assemblyai` });
  return client.streaming.transcriber({
    websocketBaseUrl: `${fakes.url.replace("https", "wss")}/assemblyai/v3/ws`,
    sampleRate: 16_000,
    encoding: "pcm_s16le",
    speechModel: "universal-streaming-english",
    maxConnectionRetries: 0,
    connectTimeout: 5000,
    ...params,
  });
}

/** Speech then silence in 100 ms chunks of 16 kHz PCM. */
function audio(speechMs: number, silenceMs: number): ArrayBuffer[] {
  const speech = speechTone("x".repeat(Math.ceil(speechMs / 60)), 16_000, 60).subarray(0, speechMs * 16);
  const all = new Int16Array(speech.length + silenceMs * 16);
  all.set(speech);
  return chunked(all, 16_000, 100).map((c) => c.slice().buffer);
}

const session = () => fakes.requests.find((r) => r.provider === "assemblyai" && r.surface === "listen")!;

describe("fake AssemblyAI streaming, judged by the assemblyai SDK", () => {
  it("Begin, partial and final turns (raw, then formatted), Termination: all of the SDK's event types", async () => {
    fakes.script({ stt: ["Ship it on Friday."] });
    const t = transcriber({ formatTurns: true, minTurnSilence: 400, maxTurnSilence: 1280, endOfTurnConfidenceThreshold: 0.4, keytermsPrompt: ["Cohost"] });
    const turns: { transcript: string; end_of_turn: boolean; turn_is_formatted: boolean }[] = [];
    t.on("turn", (turn) => turns.push(turn));
    const begin = await t.connect();
    expect(begin.id).toBeTruthy();
    for (const chunk of audio(1200, 700)) t.sendAudio(chunk);
    await expect.poll(() => turns.some((turn) => turn.turn_is_formatted)).toBe(true);
    await t.close();
    expect(turns.filter((turn) => turn.end_of_turn).map((turn) => turn.transcript)).toEqual(["ship it on friday", "Ship it on Friday."]);
    expect(session().query).toMatchObject({ speech_model: "universal-streaming-english", min_turn_silence: "400", keyterms_prompt: '["Cohost"]' });
    const replies = session().replies;
    expect(replies.at(-1)).toMatchObject({ type: "Termination" });
    expect(judge(replies)).toEqual([]);
  });

  it("ForceEndpoint ends the turn at once", async () => {
    fakes.script({ stt: ["One more thing."] });
    const t = transcriber({ minTurnSilence: 5000 });
    const finals: string[] = [];
    t.on("turn", (turn) => turn.end_of_turn && finals.push(turn.transcript));
    await t.connect();
    for (const chunk of audio(900, 100)) t.sendAudio(chunk);
    t.forceEndpoint();
    await expect.poll(() => finals).toEqual(["one more thing"]);
    await t.close();
    expect(judge(session().replies)).toEqual([]);
  });

  it("refuses as AssemblyAI does: a bad key (1008), a value out of range (3006), a chunk under 50 ms (3007)", async () => {
    const refused = async (t: ReturnType<typeof transcriber>) => {
      t.on("error", () => {});
      await expect(t.connect()).rejects.toThrow();
      return fakes.requests.at(-1)!.closedWith;
    };
    expect(await refused(transcriber({}, "wrong-key-0000000"))).toBe(1008);
    expect(await refused(transcriber({ endOfTurnConfidenceThreshold: 2 }))).toBe(3006);
    const t = transcriber();
    t.on("error", () => {});
    await t.connect();
    t.sendAudio(new Int16Array(16 * 30).buffer); // 30 ms
    await expect.poll(() => fakes.requests.at(-1)!.closedWith).toBe(3007);
    for (const request of fakes.requests) expect(judge(request.replies)).toEqual([]);
    expect(fakes.requests.map((r) => (r.replies.at(-1) as { type: string }).type)).toEqual(["Error", "Error", "Error"]);
  });
});
