import { DeepgramClient, type Deepgram } from "@deepgram/sdk";
import { describe, expect, it } from "vitest";
import { bytesOf, chunked, speechTone } from "@/test/fakes/voice/audio";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { readSdkTypesFirst, sdkTypeErrors } from "./sdk-types";

// The fake Deepgram API judged by @deepgram/sdk: the SDK connects and sends as it does against
// Deepgram, and every message the fake answers is checked against the type the SDK declares for it
// (exact fields, no extra ones). What Deepgram refuses, the fake refuses the same way.

const fakes = voiceFakesForFile();
const IMPORTS = 'import type { Deepgram } from "@deepgram/sdk";';
readSdkTypesFirst(IMPORTS);
const client = (apiKey = fakes.validKey) =>
  new DeepgramClient({
    apiKey,
    environment: { base: `${fakes.url}/deepgram`, production: `${fakes.url.replace("http", "ws")}/deepgram`, agent: "ws://127.0.0.1:9", agentRest: "http://127.0.0.1:9" },
  });

/** 16 kHz speech then silence, in 50 ms chunks as a client streams it. */
function audio(speechMs: number, silenceMs: number): Buffer[] {
  const speech = speechTone("x".repeat(Math.ceil(speechMs / 60)), 16_000, 60).subarray(0, speechMs * 16);
  const all = new Int16Array(speech.length + silenceMs * 16);
  all.set(speech);
  return chunked(all, 16_000, 50).map((c) => Buffer.from(bytesOf(c)));
}

/** Opens the SDK's socket and collects its messages until it closes. */
function collect(socket: { connect(): unknown; on(event: "message", cb: (m: unknown) => void): void; on(event: "close", cb: (e: { code: number }) => void): void }) {
  const messages: Record<string, unknown>[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (e) => resolve(e.code)));
  socket.on("message", (m) => messages.push(m as Record<string, unknown>));
  socket.connect();
  return { messages, closed };
}

const TYPES: Record<string, string> = {
  Results: "Deepgram.listen.ListenV1Results",
  Metadata: "Deepgram.listen.ListenV1Metadata",
  UtteranceEnd: "Deepgram.listen.ListenV1UtteranceEnd",
  SpeechStarted: "Deepgram.listen.ListenV1SpeechStarted",
  Connected: "Deepgram.listen.ListenV2Connected",
  TurnInfo: "Deepgram.listen.ListenV2TurnInfo",
  ConfigureSuccess: "Deepgram.listen.ListenV2ConfigureSuccess",
  ConfigureFailure: "Deepgram.listen.ListenV2ConfigureFailure",
  Error: "Deepgram.listen.ListenV2FatalError",
};
const judge = (messages: Record<string, unknown>[]) => sdkTypeErrors(IMPORTS, messages.map((value) => ({ typeName: TYPES[String(value.type)] ?? "never", value })));

describe("fake Deepgram, judged by @deepgram/sdk", () => {
  it("Nova: the SDK's live socket streams audio and gets Results, SpeechStarted, UtteranceEnd and Metadata of the SDK's types", async () => {
    fakes.script({ stt: ["Ship it on Friday."] });
    const socket = await client().listen.v1.connect({
      model: "nova-3", encoding: "linear16", sample_rate: 16000, channels: 1, language: "en", interim_results: "true", utterance_end_ms: 1000,
      endpointing: 300, smart_format: "true", vad_events: "true", keyterm: "Cohost", reconnectAttempts: 0,
    });
    const { messages, closed } = collect(socket);
    await socket.waitForOpen();
    for (const chunk of audio(1200, 400)) socket.sendMedia(chunk);
    // Deepgram times UtteranceEnd on the audio that follows the final: let the final go out first.
    await expect.poll(() => messages.some((m) => m.type === "Results" && m.speech_final)).toBe(true);
    for (const chunk of audio(0, 1200)) socket.sendMedia(chunk);
    socket.sendFinalize({ type: "Finalize" });
    socket.sendCloseStream({ type: "CloseStream" });
    expect(await closed).toBe(1000);
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(["SpeechStarted", "Results", "UtteranceEnd", "Metadata"]));
    const final = messages.find((m) => m.type === "Results" && m.is_final) as unknown as Deepgram.listen.ListenV1Results;
    expect(final.channel.alternatives[0].transcript).toBe("Ship it on Friday.");
    expect(judge(messages)).toEqual([]);
    // The judge itself: a message short of a declared field, or with one the SDK does not know, fails.
    const { metadata: _metadata, ...withoutMetadata } = final;
    expect(judge([withoutMetadata, { ...final, confidence: 1 }] as never)).toHaveLength(2);
  });

  it("Flux: Connected, TurnInfo from StartOfTurn to EndOfTurn, ConfigureSuccess, all of the SDK's types", async () => {
    fakes.script({ stt: ["What is next?"] });
    const socket = await client().listen.v2.connect({ model: "flux-general-en", encoding: "linear16", sample_rate: 16000, eot_threshold: 0.8, keyterm: ["Cohost"], reconnectAttempts: 0 });
    const { messages, closed } = collect(socket);
    await socket.waitForOpen();
    socket.sendConfigure({ type: "Configure", thresholds: { eot_threshold: 0.75 }, keyterms: ["Cohost"] });
    for (const chunk of audio(900, 600)) socket.sendMedia(chunk);
    socket.sendForceEndTurn({ type: "ForceEndTurn" });
    socket.sendCloseStream({ type: "CloseStream" });
    await closed;
    const turns = messages.filter((m) => m.type === "TurnInfo").map((m) => m.event);
    expect(turns[0]).toBe("StartOfTurn");
    expect(turns.at(-1)).toBe("EndOfTurn");
    expect(messages.find((m) => m.event === "EndOfTurn")?.transcript).toBe("What is next?");
    expect(messages.map((m) => m.type)).toContain("ConfigureSuccess");
    expect(judge(messages)).toEqual([]);
  });

  it("Flux: a Nova message is a fatal Error of the SDK's type, then the socket closes", async () => {
    const socket = await client().listen.v2.connect({ model: "flux-general-en", encoding: "linear16", sample_rate: 16000, reconnectAttempts: 0 });
    const { messages, closed } = collect(socket);
    await socket.waitForOpen();
    socket.socket.send(JSON.stringify({ type: "KeepAlive" }));
    expect(await closed).toBe(1008);
    expect(messages.at(-1)).toMatchObject({ type: "Error", code: "UNPARSABLE_CLIENT_MESSAGE" });
    expect(judge(messages)).toEqual([]);
  });

  it("refuses the upgrade as Deepgram does: a wrong key 401, unknown or contradictory parameters 400 with dg-error", async () => {
    const refused = async (args: Parameters<ReturnType<typeof client>["listen"]["v1"]["connect"]>[0], apiKey?: string) => {
      const socket = await client(apiKey).listen.v1.connect({ reconnectAttempts: 0, ...args });
      const { closed } = collect(socket);
      await closed;
      return fakes.requests.at(-1)!;
    };
    const base = { model: "nova-3", encoding: "linear16", sample_rate: 16000 } as const;
    expect((await refused(base, "wrong-key-0000000")).closedWith).toBe(401);
    expect((await refused({ ...base, queryParams: { smartFormat: "true" } })).closedWith).toBe(400);
    expect((await refused({ ...base, utterance_end_ms: 1000 })).closedWith).toBe(400);
    // The SDK refuses keywords on Nova-3 before connecting; sent anyway, Deepgram refuses them in the same words.
    await expect(client().listen.v1.connect({ ...base, keywords: "Cohost:2" })).rejects.toMatchObject({ statusCode: 400, body: { err_code: "INVALID_QUERY_PARAMETER" } });
    const sneaked = await refused({ ...base, queryParams: { keywords: "Cohost:2" } });
    expect(sneaked.closedWith).toBe(400);
    expect((await refused({ ...base, model: "nova-9" })).closedWith).toBe(400);
  });

  it("Aura: the SDK's speak request gets raw linear16 audio; what the API refuses is a 400 the SDK raises", async () => {
    const response = await client().speak.v1.audio.generate({ text: "Hello there, this is Cohost.", model: "aura-2-thalia-en", encoding: "linear16", container: "none", sample_rate: 24000 });
    const bytes = Buffer.from(await new Response(response.stream()).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(24_000); // > 0.5 s of 24 kHz 16-bit audio
    expect(bytes.subarray(0, 4).toString("ascii")).not.toBe("RIFF");
    await expect(client().speak.v1.audio.generate({ text: "Hi", model: "aura-2-thalia-en", encoding: "linear16", speed: 3 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(client("wrong-key-0000000").speak.v1.audio.generate({ text: "Hi", model: "aura-2-thalia-en" })).rejects.toMatchObject({ statusCode: 401 });
  });

  it("lists the models a key can use, in the SDK's response type", async () => {
    const models = await client().manage.v1.models.list();
    expect(models.stt?.map((m) => m.canonical_name)).toContain("nova-3");
    expect(models.tts?.map((m) => m.canonical_name)).toContain("aura-2-thalia-en");
    expect(sdkTypeErrors(IMPORTS, [{ typeName: "Deepgram.ListModelsV1Response", value: models }])).toEqual([]);
    await expect(client("wrong-key-0000000").manage.v1.models.list()).rejects.toMatchObject({ statusCode: 401 });
  });
});
