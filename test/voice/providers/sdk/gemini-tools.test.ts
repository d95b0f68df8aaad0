import { GoogleGenAI, type Content } from "@google/genai";
import { describe, expect, it } from "vitest";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";

// The fake Gemini API's function calling judged by Google's own SDK: streamed functionCall parts
// (with the thought signature Gemini 3 sends) become the SDK's functionCalls, the SDK's follow-up
// with functionResponse parts is accepted, and misuse is refused with the API's errors.

const fakes = voiceFakesForFile();
// Cohost's adapter speaks v1beta (function calling with parametersJsonSchema); so does this client.
const client = () => new GoogleGenAI({ apiKey: fakes.validKey, httpOptions: { baseUrl: `${fakes.url}/gemini`, apiVersion: "v1beta" } });
const multiply = { name: "multiply", description: "Multiplies two numbers.", parametersJsonSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } };
const add = { ...multiply, name: "add", description: "Adds two numbers." };
const config = { tools: [{ functionDeclarations: [multiply, add] }] };

describe("fake Gemini function calling, judged by @google/genai", () => {
  it("streams text then the calls whole: the SDK's chunks hold both calls with their args and a thought signature", async () => {
    fakes.script({ ai: [{ say: "Let me work that out.", calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }, { name: "add", arguments: { a: 1, b: 2 } }] }] });
    const stream = await client().models.generateContentStream({ model: "gemini-2.5-flash", contents: "17 times 23, and 1 plus 2?", config });
    let text = "";
    const calls: { name?: string; args?: Record<string, unknown> }[] = [];
    const signatures: string[] = [];
    for await (const chunk of stream) {
      text += chunk.text ?? "";
      calls.push(...(chunk.functionCalls ?? []).map((c) => ({ name: c.name, args: c.args })));
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) if (part.functionCall && part.thoughtSignature) signatures.push(part.thoughtSignature);
    }
    expect(text).toBe("Let me work that out.");
    expect(calls).toEqual([
      { name: "multiply", args: { a: 17, b: 23 } },
      { name: "add", args: { a: 1, b: 2 } },
    ]);
    expect(signatures).toHaveLength(1);
  });

  it("the SDK's follow-up with the model's turn (signature kept) and functionResponse parts is accepted", async () => {
    fakes.script({ ai: [{ calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "It is 391."] });
    const first = await client().models.generateContent({ model: "gemini-2.5-flash", contents: "17 times 23?", config });
    const modelTurn = first.candidates![0].content!;
    expect(first.functionCalls).toEqual([{ name: "multiply", args: { a: 17, b: 23 } }]);
    const contents: Content[] = [
      { role: "user", parts: [{ text: "17 times 23?" }] },
      modelTurn,
      { role: "user", parts: [{ functionResponse: { name: "multiply", response: { result: "391" } } }] },
    ];
    const second = await client().models.generateContent({ model: "gemini-2.5-flash", contents, config });
    expect(second.text).toBe("It is 391.");
  });

  it("refuses what the API refuses: a response with no call before it, counts that differ, a call without its signature, a bad name", async () => {
    const gemini = client();
    const ask = (contents: Content[], declarations = [multiply, add]) => gemini.models.generateContent({ model: "gemini-2.5-flash", contents, config: { tools: [{ functionDeclarations: declarations }] } });
    const response = { functionResponse: { name: "add", response: { result: "3" } } };
    await expect(ask([{ role: "user", parts: [response] }])).rejects.toMatchObject({ status: 400, message: expect.stringContaining("function response turn comes immediately after a function call turn") });
    fakes.script({ ai: [{ calls: [{ name: "add", arguments: { a: 1, b: 2 } }] }] });
    const first = await ask([{ role: "user", parts: [{ text: "1 plus 2?" }] }]);
    const modelTurn = first.candidates![0].content!;
    await expect(ask([{ role: "user", parts: [{ text: "1 plus 2?" }] }, modelTurn, { role: "user", parts: [response, response] }])).rejects.toMatchObject({ status: 400, message: expect.stringContaining("number of function response parts") });
    const unsigned = { role: "model", parts: modelTurn.parts!.map(({ thoughtSignature: _, ...p }) => p) };
    await expect(ask([{ role: "user", parts: [{ text: "1 plus 2?" }] }, unsigned, { role: "user", parts: [response] }])).rejects.toMatchObject({ status: 400, message: expect.stringContaining("thought_signature") });
    await expect(ask([{ role: "user", parts: [{ text: "Hi" }] }], [{ ...add, name: "1st tool" }])).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Invalid function name") });
  });
});
