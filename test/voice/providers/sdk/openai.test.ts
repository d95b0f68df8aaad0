import OpenAI, { toFile } from "openai";
import { describe, expect, it } from "vitest";
import { wavFile } from "@/lib/voice/providers/pcm";
import { speechTone } from "@/test/fakes/voice/audio";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { readSdkTypesFirst, sdkTypeErrors } from "./sdk-types";

// The fake OpenAI API (and Groq's and an OpenAI-compatible server's, which speak it) judged by the
// `openai` SDK: chat streaming, transcription, speech and the model list as the SDK sends and parses
// them, each answer checked against the type the SDK declares, and the API's refusals raised by the
// SDK as the API's errors.

const fakes = voiceFakesForFile();
const IMPORTS = 'import type OpenAI from "openai";';
readSdkTypesFirst(IMPORTS);
const roots = () => ({ openai: `${fakes.url}/openai/v1`, groq: `${fakes.url}/groq/openai/v1`, "openai-compatible": fakes.compatibleBaseUrl });
const client = (api: keyof ReturnType<typeof roots> = "openai", apiKey = fakes.validKey) => new OpenAI({ apiKey, baseURL: roots()[api], maxRetries: 0 });
const MODELS = { openai: "gpt-4o-mini", groq: "llama-3.3-70b-versatile", "openai-compatible": "local-llama-3.1-8b" } as const;

describe("fake Chat Completions, judged by the openai SDK", () => {
  it.each(["openai", "groq", "openai-compatible"] as const)("%s: a streamed reply parses chunk by chunk into the SDK's final completion, usage last", async (api) => {
    fakes.script({ ai: ["We ship on Friday."] });
    const stream = client(api).chat.completions.stream({
      model: MODELS[api],
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "When do we ship?" },
      ],
      stream_options: { include_usage: true },
      temperature: 0.5,
      max_completion_tokens: 100,
    });
    const chunks: unknown[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const done = await stream.finalChatCompletion();
    expect(done.choices[0].message.content).toBe("We ship on Friday.");
    expect(done.choices[0].finish_reason).toBe("stop");
    expect((chunks.at(-1) as OpenAI.Chat.ChatCompletionChunk).usage).toMatchObject({ completion_tokens: 4 });
    expect(sdkTypeErrors(IMPORTS, chunks.map((value) => ({ typeName: "OpenAI.Chat.ChatCompletionChunk", value })))).toEqual([]);
  });

  it("a reply without streaming is a ChatCompletion of the SDK's type", async () => {
    fakes.script({ ai: ["Yes."] });
    const completion = await client().chat.completions.create({ model: "gpt-4.1-mini", messages: [{ role: "user", content: "Ready?" }] });
    expect(completion.choices[0].message.content).toBe("Yes.");
    expect(sdkTypeErrors(IMPORTS, [{ typeName: "OpenAI.Chat.ChatCompletion", value: completion }])).toEqual([]);
  });

  it("refuses what the API refuses, as the SDK's errors: a bad key, unknown and missing fields, ranges, an unknown model", async () => {
    const base = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "Hi" }] };
    await expect(client("openai", "wrong-key-000000").chat.completions.create(base)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(client().chat.completions.create({ ...base, colour: "blue" } as never)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Unrecognized request argument supplied: colour") });
    await expect(client().chat.completions.create({ messages: base.messages } as never)).rejects.toMatchObject({ status: 400, code: "missing_required_parameter", param: "model" });
    await expect(client().chat.completions.create({ ...base, temperature: 3 })).rejects.toMatchObject({ status: 400, code: "decimal_above_max_value", param: "temperature" });
    await expect(client().chat.completions.create({ ...base, messages: [] })).rejects.toMatchObject({ status: 400, code: "empty_array" });
    await expect(client().chat.completions.create({ ...base, stream_options: { include_usage: true } })).rejects.toMatchObject({ status: 400, param: "stream_options" });
    await expect(client().chat.completions.create({ ...base, model: "gpt-9" })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(client("groq").chat.completions.create({ ...base, model: "gpt-4o-mini" })).rejects.toMatchObject({ status: 404, code: "model_not_found" });
    // Tool calling is part of the schema: a request that offers tools is not refused for it.
    fakes.script({ ai: ["Sure."] });
    const tools = [{ type: "function" as const, function: { name: "now", description: "The time", parameters: { type: "object", properties: {} } } }];
    await expect(client().chat.completions.create({ ...base, tools, tool_choice: "auto" })).resolves.toMatchObject({ object: "chat.completion" });
  });
});

describe("fake audio and model endpoints, judged by the openai SDK", () => {
  it.each(["openai", "openai-compatible"] as const)("%s: a WAV upload is transcribed into the SDK's Transcription", async (api) => {
    fakes.script({ stt: ["Hello from the meeting."] });
    const wav = wavFile(speechTone("Hello from the meeting", 16_000, 60), 16_000);
    const result = await client(api).audio.transcriptions.create({ file: await toFile(wav, "utterance.wav", { type: "audio/wav" }), model: api === "openai" ? "gpt-4o-transcribe" : "whisper-1", language: "en", response_format: "json" });
    expect(result.text).toBe("Hello from the meeting.");
    expect(sdkTypeErrors(IMPORTS, [{ typeName: "OpenAI.Audio.Transcription", value: result }])).toEqual([]);
    await expect(client(api).audio.transcriptions.create({ file: await toFile(wav, "a.wav"), model: "whisper-1", language: "English" })).rejects.toMatchObject({ status: 400, param: "language" });
    await expect(client(api).audio.transcriptions.create({ file: await toFile(wav, "a.wav"), model: "whisper-1", colour: "x" } as never)).rejects.toMatchObject({ status: 400 });
  });

  it("speech streams raw 24 kHz PCM for response_format pcm; the API's refusals come back as its errors", async () => {
    const response = await client().audio.speech.create({ model: "gpt-4o-mini-tts", voice: "alloy", input: "This is Cohost speaking.", response_format: "pcm", speed: 1.1, instructions: "Calm." });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(48_000);
    await expect(client().audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hi", instructions: "Calm." })).rejects.toMatchObject({ status: 400, param: "instructions" });
    await expect(client().audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hi", speed: 5 })).rejects.toMatchObject({ status: 400, code: "decimal_above_max_value" });
    await expect(client().audio.speech.create({ model: "tts-1", voice: "robot", input: "Hi" })).rejects.toMatchObject({ status: 400, param: "voice" });
  });

  it("lists the account's models page by page as the SDK's Model type; a model it does not serve is 404", async () => {
    const ids: string[] = [];
    const models: unknown[] = [];
    for await (const model of client().models.list()) {
      ids.push(model.id);
      models.push(model);
    }
    expect(ids).toEqual(expect.arrayContaining(["gpt-4o-mini", "whisper-1", "tts-1", "ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa"]));
    expect(sdkTypeErrors(IMPORTS, models.map((value) => ({ typeName: "OpenAI.Models.Model", value })))).toEqual([]);
    expect((await client().models.retrieve("gpt-4o")).id).toBe("gpt-4o");
    await expect(client().models.retrieve("gpt-9")).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const groq: string[] = [];
    for await (const model of client("groq").models.list()) groq.push(model.id);
    expect(groq).toContain("llama-3.3-70b-versatile");
    const compatible: string[] = [];
    for await (const model of client("openai-compatible").models.list()) compatible.push(model.id);
    expect(compatible).toContain("local-llama-3.1-8b");
  });
});
