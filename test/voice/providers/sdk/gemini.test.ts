import { ApiError, GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { readSdkTypesFirst, sdkTypeErrors } from "./sdk-types";

// The fake Gemini API judged by @google/genai: the SDK's streamed generation and model list against
// the fake, every event and model the fake sent checked against the SDK's declared types, and the
// API's refusals raised by the SDK as the API's errors.

const fakes = voiceFakesForFile();
const IMPORTS = 'import type { GenerateContentResponse, Model } from "@google/genai";';
readSdkTypesFirst(IMPORTS);
/** The response as the API sends it: the SDK class without its convenience getters. */
const RESPONSE = 'Omit<GenerateContentResponse, "text" | "data" | "functionCalls" | "executableCode" | "codeExecutionResult" | "initialPromptTokenCount" | "sdkHttpResponse">';
// Cohost speaks v1beta (docs/voice-providers.md); the SDK's default is v1, which the fake serves too.
const client = (apiKey = fakes.validKey, apiVersion = "v1beta") => new GoogleGenAI({ apiKey, apiVersion, httpOptions: { baseUrl: `${fakes.url}/gemini` } });
const replies = (surface: string) => fakes.requests.filter((r) => r.provider === "gemini" && r.surface === surface).flatMap((r) => r.replies);

describe("fake Gemini, judged by @google/genai", () => {
  it("streams a reply the SDK assembles, with usage, every event of the SDK's response type", async () => {
    fakes.script({ ai: ["The launch is on Friday."] });
    const stream = await client().models.generateContentStream({
      model: "gemini-2.5-flash",
      contents: [
        { role: "user", parts: [{ text: "When is the launch?" }] },
        { role: "model", parts: [{ text: "Let me check." }] },
        { role: "user", parts: [{ text: "Please." }] },
      ],
      config: { systemInstruction: "Be brief.", temperature: 0.4, maxOutputTokens: 200, thinkingConfig: { thinkingBudget: 0 } },
    });
    let text = "";
    let last;
    for await (const chunk of stream) {
      text += chunk.text ?? "";
      last = chunk;
    }
    expect(text).toBe("The launch is on Friday.");
    expect(last?.candidates?.[0].finishReason).toBe("STOP");
    expect(last?.usageMetadata?.candidatesTokenCount).toBe(5);
    const events = replies("chat");
    expect(events).toHaveLength(5);
    expect(sdkTypeErrors(IMPORTS, events.map((value) => ({ typeName: RESPONSE, value })))).toEqual([]);
    // The SDK sends the key in a header, as Cohost does.
    expect(fakes.requests[0].headers["x-goog-api-key"]).toBe(fakes.validKey);
    expect(fakes.requests[0].query).toEqual({ alt: "sse" });
  });

  it("lists the account's models page by page, each of the SDK's Model type", async () => {
    const names: string[] = [];
    for await (const model of await client().models.list({ config: { pageSize: 2 } })) names.push(model.name!);
    expect(names).toEqual(expect.arrayContaining(["models/gemini-2.5-flash", "models/gemini-2.5-pro", "models/gemini-embedding-001"]));
    expect(fakes.requests.filter((r) => r.surface === "models").length).toBeGreaterThan(1);
    const models = replies("models").flatMap((page) => (page as { models: unknown[] }).models);
    expect(sdkTypeErrors(IMPORTS, models.map((value) => ({ typeName: "Model", value: { ...(value as object), supportedActions: (value as { supportedGenerationMethods: string[] }).supportedGenerationMethods, supportedGenerationMethods: undefined } })))).toEqual([]);
    expect((await client().models.get({ model: "gemini-2.5-pro" })).displayName).toBe("Gemini 2.5 Pro");
  });

  it("refuses what the API refuses: a bad key, unknown fields, ranges, a thinking budget a Pro model cannot take, an unknown model", async () => {
    const contents = [{ role: "user", parts: [{ text: "Hi" }] }];
    type Request = Parameters<GoogleGenAI["models"]["generateContentStream"]>[0];
    const status = async (request: Request, ai = client()) => {
      try {
        for await (const _ of await ai.models.generateContentStream(request));
        return 200;
      } catch (e) {
        return e instanceof ApiError ? e.status : -1;
      }
    };
    expect(await status({ model: "gemini-2.5-flash", contents }, client("wrong-key-0000000"))).toBe(400);
    expect(await status({ model: "gemini-2.5-flash", contents, config: { temperature: 3 } })).toBe(400);
    expect(await status({ model: "gemini-2.5-pro", contents, config: { thinkingConfig: { thinkingBudget: 0 } } })).toBe(400);
    expect(await status({ model: "gemini-9-ultra", contents })).toBe(404);
    expect(await status({ model: "gemini-2.5-flash", contents: [{ role: "assistant", parts: [{ text: "Hi" }] }] })).toBe(400);
    // A field Google's parser does not know, as code that builds its own body would send it.
    const raw = await fetch(`${fakes.url}/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": fakes.validKey },
      body: JSON.stringify({ contents, generationConfig: { maxTokens: 10 } }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { status: "INVALID_ARGUMENT", message: expect.stringContaining('Unknown name "maxTokens"') } });
    // Function declarations are part of the schema and pass.
    fakes.script({ ai: ["Fine."] });
    const tools = [{ functionDeclarations: [{ name: "now", description: "The time" }] }];
    expect(await status({ model: "gemini-2.5-flash", contents, config: { tools } })).toBe(200);
    // The SDK's default API version (v1) reaches the same API.
    fakes.script({ ai: ["Fine."] });
    expect(await status({ model: "gemini-2.5-flash", contents }, client(fakes.validKey, "v1"))).toBe(200);
  });
});
