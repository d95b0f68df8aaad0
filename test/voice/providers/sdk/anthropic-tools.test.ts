import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";

// The fake Messages API's function calling judged by Anthropic's own SDK: its streamed tool_use
// blocks (input_json_delta) become the SDK's tool_use content with the parsed input, the SDK's
// follow-up with tool_result blocks is accepted, and misuse is refused with the API's errors.

const fakes = voiceFakesForFile();
const client = () => new Anthropic({ apiKey: fakes.validKey, baseURL: `${fakes.url}/anthropic`, maxRetries: 0 });
const multiply = { name: "multiply", description: "Multiplies two numbers.", input_schema: { type: "object" as const, properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } };
const add = { ...multiply, name: "add", description: "Adds two numbers." };
const base = { model: "claude-haiku-4-5", max_tokens: 200 };

describe("fake Anthropic function calling, judged by @anthropic-ai/sdk", () => {
  it("streams text then parallel tool_use blocks: the SDK's final message has each call with its parsed input", async () => {
    fakes.script({ ai: [{ say: "Let me work that out.", calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }, { name: "add", arguments: { a: 1, b: 2 } }] }] });
    const stream = client().messages.stream({ ...base, tools: [multiply, add], messages: [{ role: "user", content: "17 times 23, and 1 plus 2?" }] });
    const partial: string[] = [];
    stream.on("inputJson", (delta) => partial.push(delta));
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      expect.objectContaining({ type: "text", text: "Let me work that out." }),
      expect.objectContaining({ type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "multiply", input: { a: 17, b: 23 } }),
      expect.objectContaining({ type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "add", input: { a: 1, b: 2 } }),
    ]);
    expect(partial.join("")).toBe('{"a":17,"b":23}{"a":1,"b":2}');
  });

  it("the SDK's tool_result follow-up is accepted and answered", async () => {
    fakes.script({ ai: [{ calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "It is 391."] });
    const first = await client().messages.create({ ...base, tools: [multiply], messages: [{ role: "user", content: "17 times 23?" }] });
    const use = first.content.find((b) => b.type === "tool_use")!;
    expect(first.content.map((b) => b.type)).toEqual(["tool_use"]);
    const second = await client().messages.create({
      ...base,
      tools: [multiply],
      messages: [
        { role: "user", content: "17 times 23?" },
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: use.type === "tool_use" ? use.id : "", content: "391" }] },
      ],
    });
    expect(second.content).toEqual([expect.objectContaining({ type: "text", text: "It is 391." })]);
  });

  it("refuses what the API refuses: tool blocks without tools, a call without its result, a result for no call, a bad schema", async () => {
    const use = { type: "tool_use" as const, id: "toolu_1", name: "add", input: {} };
    await expect(client().messages.create({ ...base, messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: [use] }, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "3" }] }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("must define tools"),
    });
    await expect(client().messages.create({ ...base, tools: [add], messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: [use] }, { role: "user", content: "Well?" }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1"),
    });
    await expect(client().messages.create({ ...base, tools: [add], messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "3" }] }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("unexpected `tool_use_id`"),
    });
    await expect(client().messages.create({ ...base, tools: [{ name: "x", input_schema: { type: "string" } as never }], messages: [{ role: "user", content: "Hi" }] })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});
