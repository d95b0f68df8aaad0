import Cartesia from "@cartesia/cartesia-js";
import { describe, expect, it } from "vitest";
import { CARTESIA_VERSION } from "@/lib/providers/api-versions";
import { adapterOptions } from "@/lib/voice/providers/options";
import { createCartesiaTts } from "@/lib/voice/providers/tts/cartesia";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { providerConfig, speakThenBargeIn } from "../support";
import { readSdkTypesFirst, sdkTypeErrors } from "./sdk-types";

// The fake Cartesia API judged by @cartesia/cartesia-js: the SDK's TTS socket (wss only, hence the
// fakes on TLS) and voice list against the fake, every message the fake sends checked against the
// SDK's WebsocketResponse types, and Cohost's adapter's own messages against the SDK's
// WebsocketClientEvent type (no field the SDK does not know, none missing).

const fakes = voiceFakesForFile({ tls: true });
const IMPORTS = 'import type { WebsocketResponse, WebsocketClientEvent } from "@cartesia/cartesia-js/resources/tts";\nimport type { Voice } from "@cartesia/cartesia-js/resources/voices";';
readSdkTypesFirst(IMPORTS);
const RESPONSES: Record<string, string> = { chunk: "WebsocketResponse.Chunk", flush_done: "WebsocketResponse.FlushDone", done: "WebsocketResponse.Done", error: "WebsocketResponse.Error", timestamps: "WebsocketResponse.Timestamps" };
const judgeReplies = (replies: unknown[]) => sdkTypeErrors(IMPORTS, replies.map((value) => ({ typeName: RESPONSES[String((value as { type: string }).type)] ?? "never", value })));
const client = (apiKey = fakes.validKey) => new Cartesia({ apiKey, baseURL: `${fakes.url}/cartesia`, maxRetries: 0 });
const FORMAT = { container: "raw", encoding: "pcm_s16le", sample_rate: 24000 } as const;
const VOICE = { mode: "id", id: "a0e99841-438c-4a64-b679-ae501e7d6091" } as const;

describe("fake Cartesia, judged by @cartesia/cartesia-js", () => {
  it("the SDK's socket streams a context's audio; every message is of the SDK's response types", async () => {
    const ws = await client().tts.websocket();
    const context = ws.context({ model_id: "sonic-3", voice: VOICE, output_format: FORMAT, language: "en" });
    await context.push({ transcript: "Good morning, everyone. ", generation_config: { speed: 1.2, volume: 1 } });
    await context.push({ transcript: "The review starts at ten.", generation_config: { speed: 1.2, volume: 1 }, flush: true });
    await context.no_more_inputs();
    const types: string[] = [];
    let bytes = 0;
    for await (const event of context.receive()) {
      types.push(event.type!);
      if (event.type === "chunk") bytes += Buffer.from(event.data, "base64").length;
    }
    ws.close();
    expect(types.at(-1)).toBe("done");
    expect(types).toContain("flush_done");
    expect(bytes).toBeGreaterThan(48_000 * 2);
    const sent = fakes.requests.find((r) => r.surface === "speech")!;
    // Under Node's own WebSocket the SDK sends the version as a query parameter, else as a header.
    expect(sent.query.cartesia_version ?? sent.headers["cartesia-version"]).toBe(CARTESIA_VERSION);
    expect(judgeReplies(sent.replies)).toEqual([]);
  });

  it("refuses what Cartesia refuses: speed out of range, an unknown field, a model no longer offered", async () => {
    const ws = await client().tts.websocket();
    // The SDK also raises each refusal as an error event.
    ws.on("error", () => {});
    const refusal = async (request: Record<string, unknown>) => {
      const context = ws.context({ model_id: "sonic-3", voice: VOICE, output_format: FORMAT });
      await context.send({ transcript: "Hello.", continue: false, ...request } as never);
      for await (const event of context.receive()) if (event.type === "error") return event;
      return null;
    };
    expect(await refusal({ generation_config: { speed: 1.8 } })).toMatchObject({ status_code: 400, message: expect.stringContaining("speed") });
    expect(await refusal({ __experimental_controls: { speed: "fast" } })).toMatchObject({ status_code: 400, message: "Unknown field: __experimental_controls" });
    expect(await refusal({ model_id: "sonic-2" })).toMatchObject({ status_code: 400 });
    ws.close();
    expect(judgeReplies(fakes.requests.flatMap((r) => r.replies))).toEqual([]);
  });

  it("Cohost's adapter sends only requests of the SDK's WebsocketClientEvent type", async () => {
    process.env.PROVIDER_BASE_URL_CARTESIA = `${fakes.url}/cartesia`;
    try {
      const provider = createCartesiaTts(providerConfig("tts", "cartesia", fakes.validKey, { speed: 1.1, volume: 0.9 }), adapterOptions({ log: () => {} }));
      expect((await speakThenBargeIn(provider, ["The budget review starts at ten.", "Bring your numbers."])).length).toBeGreaterThan(0);
      await expect.poll(() => fakes.requests.find((r) => r.surface === "speech")?.closedWith).toBeDefined();
      const sent = fakes.requests.filter((r) => r.surface === "speech").flatMap((r) => r.messages);
      expect(sent.map((m) => Object.keys(m as object).join(","))).toContain("context_id,cancel");
      expect(sdkTypeErrors(IMPORTS, sent.map((value) => ({ typeName: "cancel" in (value as object) ? "WebsocketClientEvent.CancelContextRequest" : "WebsocketClientEvent", value })))).toEqual([]);
    } finally {
      delete process.env.PROVIDER_BASE_URL_CARTESIA;
    }
  });

  it("lists the account's voices page by page (its own voice too), each of the SDK's Voice type", async () => {
    const names: string[] = [];
    for await (const voice of client().voices.list({ limit: 2 })) names.push(voice.name);
    expect(names).toEqual(expect.arrayContaining(["Barbershop Man", "Our support voice"]));
    const voices = fakes.requests.filter((r) => r.surface === "models").flatMap((r) => (r.replies[0] as { data: unknown[] }).data);
    expect(sdkTypeErrors(IMPORTS, voices.map((value) => ({ typeName: "Voice", value })))).toEqual([]);
    await expect(client("wrong-key-000000").voices.list().then((page) => page.data)).rejects.toBeInstanceOf(Cartesia.AuthenticationError);
    await expect(client().voices.list({ limit: 500 }).then((page) => page.data)).rejects.toBeInstanceOf(Cartesia.BadRequestError);
  });
});
