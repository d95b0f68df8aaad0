import { ElevenLabsClient, type ElevenLabs } from "@elevenlabs/elevenlabs-js";
import * as serialization from "@elevenlabs/elevenlabs-js/serialization";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { adapterOptions } from "@/lib/voice/providers/options";
import { createElevenLabsTts } from "@/lib/voice/providers/tts/elevenlabs";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { providerConfig, speakThenBargeIn } from "../support";

// The fake ElevenLabs API judged by @elevenlabs/elevenlabs-js. The SDK has no client for the
// multi-context socket, but it ships the socket's message schemas (SendMessageMulti,
// ReceiveMessageMulti) and parses REST answers with runtime schemas: every message the fake sends is
// parsed with them, unknown keys refused, and Cohost's adapter's own messages pass the SDK's schema
// for what a client may send.

const fakes = voiceFakesForFile();
const STRICT = { unrecognizedObjectKeys: "fail", allowUnrecognizedUnionMembers: false, allowUnrecognizedEnumValues: false } as const;
const VOICE = "21m00Tcm4TlvDq8ikWAM";

function socketUrl(query: Record<string, string> = {}): string {
  const url = new URL(`${fakes.url.replace("http", "ws")}/elevenlabs/v1/text-to-speech/${VOICE}/multi-stream-input`);
  for (const [k, v] of Object.entries({ model_id: "eleven_flash_v2_5", output_format: "pcm_22050", auto_mode: "true", inactivity_timeout: "180", ...query })) url.searchParams.set(k, v);
  return url.toString();
}

/** Opens the socket, sends the SDK-typed messages serialised by the SDK, and gathers what comes back until the close. */
async function session(messages: ElevenLabs.SendMessageMulti[], query?: Record<string, string>, key = fakes.validKey) {
  const ws = new WebSocket(socketUrl(query), { headers: { "xi-api-key": key } });
  const received: unknown[] = [];
  ws.on("message", (data) => received.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise((resolve) => ws.once("open", resolve));
  for (const m of messages) ws.send(JSON.stringify(serialization.SendMessageMulti.jsonOrThrow(m, STRICT)));
  return { received, code: await closed };
}

describe("fake ElevenLabs, judged by @elevenlabs/elevenlabs-js", () => {
  it("multi-context socket: messages serialised by the SDK are answered with audio and finals its schema parses strictly", async () => {
    const { received, code } = await session([
      { text: " ", voiceSettings: { stability: 0.5, similarityBoost: 0.75, speed: 1 }, contextId: "reply-1" },
      { text: "Good morning, everyone. ", contextId: "reply-1" },
      { contextId: "reply-1", text: "", flush: true },
      { contextId: "reply-1", closeContext: true },
      { closeSocket: true },
    ]);
    expect(code).toBe(1000);
    const parsed = received.map((raw) => serialization.ReceiveMessageMulti.parseOrThrow(raw, STRICT));
    const audio = parsed.filter((m): m is ElevenLabs.AudioOutputMulti => "audio" in m);
    expect(audio.length).toBeGreaterThan(5);
    expect(audio.every((m) => m.contextId === "reply-1")).toBe(true);
    expect(parsed.at(-1)).toEqual({ isFinal: true, contextId: "reply-1" });
  });

  it("refuses what ElevenLabs refuses, with its error message and a 1008 close", async () => {
    const refused = async (messages: ElevenLabs.SendMessageMulti[], query?: Record<string, string>, key?: string) => {
      const { received, code } = await session(messages, query, key);
      return { code, error: (received.at(-1) as { error?: string }).error };
    };
    expect(await refused([], {}, "wrong-key-000000")).toEqual({ code: 1008, error: "invalid_api_key" });
    expect(await refused([], { optimize_streaming_latency: "3" })).toEqual({ code: 1008, error: "invalid_request" });
    expect(await refused([], { inactivity_timeout: "600" })).toEqual({ code: 1008, error: "invalid_request" });
    expect(await refused([], { model_id: "eleven_multilingual_v2", language_code: "de" })).toEqual({ code: 1008, error: "invalid_request" });
    expect(await refused([{ text: " ", voiceSettings: { speed: 2 }, contextId: "a" }])).toEqual({ code: 1008, error: "invalid_request" });
    const six = ["a", "b", "c", "d", "e", "f"].map((contextId) => ({ text: "Hello. ", contextId }));
    expect(await refused(six)).toEqual({ code: 1008, error: "max_active_conversations" });
  });

  it("Cohost's adapter sends only what the SDK's schema lets a client send", async () => {
    process.env.PROVIDER_BASE_URL_ELEVENLABS = `${fakes.url}/elevenlabs`;
    const provider = createElevenLabsTts(providerConfig("tts", "elevenlabs", fakes.validKey, { stability: 0.4, similarityBoost: 0.8, speed: 1.1 }), adapterOptions({ log: () => {} }));
    expect((await speakThenBargeIn(provider, ["The budget review starts at ten."])).length).toBeGreaterThan(0);
    await expect.poll(() => fakes.requests.at(-1)?.closedWith).toBe(1000);
    const sent = fakes.requests.filter((r) => r.surface === "speech").flatMap((r) => r.messages);
    expect(sent).toEqual(expect.arrayContaining([expect.objectContaining({ flush: true }), expect.objectContaining({ close_context: true }), { close_socket: true }]));
    for (const raw of sent) expect(() => serialization.SendMessageMulti.parseOrThrow(raw, STRICT)).not.toThrow();
    delete process.env.PROVIDER_BASE_URL_ELEVENLABS;
  });

  it("lists the account's models and voices (its cloned one too) through the SDK, every answer parsed strictly", async () => {
    const client = new ElevenLabsClient({ apiKey: fakes.validKey, baseUrl: `${fakes.url}/elevenlabs`, maxRetries: 0 });
    const models = await client.models.list();
    expect(models.filter((m) => m.canDoTextToSpeech).map((m) => m.modelId)).toEqual(expect.arrayContaining(["eleven_flash_v2_5", "eleven_multilingual_v2"]));
    const voices: ElevenLabs.Voice[] = [];
    let token: string | undefined;
    do {
      const page = await client.voices.search({ pageSize: 2, nextPageToken: token });
      voices.push(...page.voices);
      token = page.hasMore ? page.nextPageToken : undefined;
    } while (token);
    expect(voices.map((v) => v.name)).toContain("My cloned voice");
    const answers = fakes.requests.filter((r) => r.surface === "models").flatMap((r) => r.replies);
    expect(() => serialization.models.list.Response.parseOrThrow(answers[0], STRICT)).not.toThrow();
    for (const page of answers.slice(1)) expect(() => serialization.GetVoicesV2Response.parseOrThrow(page, STRICT)).not.toThrow();
    await expect(new ElevenLabsClient({ apiKey: "wrong-key-000000", baseUrl: `${fakes.url}/elevenlabs`, maxRetries: 0 }).models.list()).rejects.toMatchObject({ statusCode: 401 });
    await expect(client.voices.search({ pageSize: 500 })).rejects.toMatchObject({ statusCode: 422 });
  });
});
