import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";

// The fake Chat Completions API's function calling judged by OpenAI's own SDK: the SDK assembles the
// fake's streamed tool_calls deltas into calls, its tool runner's follow-up request (tool messages)
// is accepted, and what the API refuses the SDK sees as the API's errors.

const fakes = voiceFakesForFile();
const client = () => new OpenAI({ apiKey: fakes.validKey, baseURL: `${fakes.url}/openai/v1`, maxRetries: 0 });
const multiply = {
  type: "function" as const,
  function: { name: "multiply", description: "Multiplies two numbers.", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
};
const add = { type: "function" as const, function: { ...multiply.function, name: "add", description: "Adds two numbers." } };

describe("fake Chat Completions function calling, judged by the openai SDK", () => {
  it("streams text, then parallel calls in fragments: the SDK assembles both calls with their arguments", async () => {
    fakes.script({ ai: [{ say: "Let me work that out.", calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }, { name: "add", arguments: { a: 1, b: 2 } }] }] });
    const stream = client().chat.completions.stream({ model: "gpt-4o-mini", messages: [{ role: "user", content: "17 times 23, and 1 plus 2?" }], tools: [multiply, add], stream_options: { include_usage: true } });
    const done: { name: string; parsed: unknown }[] = [];
    stream.on("tool_calls.function.arguments.done", (e) => done.push({ name: e.name, parsed: e.parsed_arguments ?? JSON.parse(e.arguments) }));
    const completion = await stream.finalChatCompletion();
    const [choice] = completion.choices;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBe("Let me work that out.");
    const calls = choice.message.tool_calls!.map((c) => (c.type === "function" ? { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) } : null));
    expect(calls).toEqual([
      { id: expect.stringMatching(/^call_/), name: "multiply", args: { a: 17, b: 23 } },
      { id: expect.stringMatching(/^call_/), name: "add", args: { a: 1, b: 2 } },
    ]);
    expect(done).toEqual([
      { name: "multiply", parsed: { a: 17, b: 23 } },
      { name: "add", parsed: { a: 1, b: 2 } },
    ]);
    expect(completion.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it("the SDK's tool runner goes round: call, the SDK's tool message is accepted, then the answer", async () => {
    fakes.script({ ai: [{ calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "Seventeen times twenty-three is 391."] });
    const runner = client().chat.completions.runTools({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "What is 17 times 23?" }],
      stream: true,
      tools: [{ type: "function", function: { ...multiply.function, function: (args: { a: number; b: number }) => String(args.a * args.b), parse: JSON.parse } }],
    });
    expect(await runner.finalContent()).toBe("Seventeen times twenty-three is 391.");
    const [first, second] = fakes.requests.filter((r) => r.surface === "chat");
    const sent = (second.body as { messages: { role: string; tool_call_id?: string; content?: string; tool_calls?: { id: string }[] }[] }).messages;
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(sent[2]).toMatchObject({ tool_call_id: sent[1].tool_calls![0].id, content: "391" });
    expect((first.body as { tools: unknown[] }).tools).toHaveLength(1);
  });

  it("a non-streamed answer carries the calls too", async () => {
    fakes.script({ ai: [{ calls: [{ name: "add", arguments: { a: 2, b: 2 } }] }] });
    const completion = await client().chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "2 plus 2?" }], tools: [add] });
    expect(completion.choices[0]).toMatchObject({ finish_reason: "tool_calls", message: { content: null, tool_calls: [{ type: "function", function: { name: "add", arguments: '{"a":2,"b":2}' } }] } });
  });

  it("refuses what the API refuses: a tool message without a call, a call without its result, a bad function name or schema", async () => {
    const base = { model: "gpt-4o-mini", tools: [add] };
    await expect(client().chat.completions.create({ ...base, messages: [{ role: "user", content: "Hi" }, { role: "tool", tool_call_id: "call_x", content: "4" }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("must be a response to a preceeding message with 'tool_calls'"),
    });
    const call = { id: "call_1", type: "function" as const, function: { name: "add", arguments: "{}" } };
    await expect(client().chat.completions.create({ ...base, messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: null, tool_calls: [call] }, { role: "user", content: "Well?" }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("did not have response messages: call_1"),
    });
    await expect(client().chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }], tools: [{ type: "function", function: { name: "two words" } }] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(client().chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }], tools: [{ type: "function", function: { name: "x", parameters: { type: "string" } } }] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Invalid schema for function 'x'"),
    });
  });
});
