import { describe, expect, it } from "vitest";
import { createProviders } from "@/lib/voice/providers/create-providers";
import type { ChatMessage, LlmChunk, LlmProvider, ToolCall } from "@/lib/voice/types";
import type { ToolSpec } from "@/lib/tools/types";
import { collect, providerConfig, useVoiceFakes } from "./support";

// Function calling through each AI adapter against the fakes' vendor dialects (which the vendors'
// SDKs judge in ./sdk/*-tools.test.ts): calls come out whole as soon as the stream completes them,
// the tools go out in each vendor's form, and a conversation with earlier calls and results is one
// the vendor accepts.

const ctx = useVoiceFakes();

type Id = "openai" | "groq" | "openai-compatible" | "anthropic" | "gemini";
const ALL: Id[] = ["openai", "groq", "openai-compatible", "anthropic", "gemini"];
function llm(providerId: Id): LlmProvider {
  const extra = providerId === "openai-compatible" ? { baseUrl: ctx.fakes.compatibleBaseUrl, model: "llama3" } : {};
  return createProviders({ stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", providerId, ctx.fakes.validKey, extra), tts: providerConfig("tts", "openai", "k") }, ctx.options).ai;
}
const chats = (provider: string) => ctx.fakes.requests.filter((r) => r.provider === provider && r.surface === "chat");
const calls = (chunks: LlmChunk[]) => chunks.flatMap((c) => (c.type === "tool_call" ? [c.call] : []));
const text = (chunks: LlmChunk[]) => chunks.flatMap((c) => (c.type === "text" ? [c.delta] : [])).join("");

const tools: ToolSpec[] = [
  { name: "multiply", description: "Multiplies two numbers.", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
  { name: "current_time", description: "The current time.", parameters: { type: "object", properties: {} } },
];
const question: ChatMessage[] = [
  { role: "system", content: "You are Cohost." },
  { role: "user", content: "Grace: Hey Cohost, what is seventeen times twenty-three, and what time is it?" },
];

describe("AI adapters: function calling", () => {
  it.each(ALL)("%s: text, then each call whole with its id and JSON arguments, before the usage", async (id) => {
    ctx.fakes.script({ ai: [{ say: "Let me check.", calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }, { name: "current_time", arguments: {} }] }] });
    const chunks = await collect(llm(id).chat(question, new AbortController().signal, { tools }));
    expect(text(chunks)).toBe("Let me check.");
    const made = calls(chunks);
    expect(made.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ["multiply", { a: 17, b: 23 }],
      ["current_time", {}],
    ]);
    expect(new Set(made.map((c) => c.id)).size).toBe(2);
    // Text first, the calls in order, the usage last.
    const kinds = chunks.map((c) => c.type);
    expect(kinds.indexOf("tool_call")).toBeGreaterThan(kinds.lastIndexOf("text"));
    expect(kinds.at(-1)).toBe("usage");
  });

  it("OpenAI, Groq and compatible servers: tools as functions; calls and results go back as tool_calls and tool messages", async () => {
    for (const id of ["openai", "groq", "openai-compatible"] as const) {
      ctx.fakes.script({ ai: [{ calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "It is 391."] });
      const provider = llm(id);
      const [call] = calls(await collect(provider.chat(question, new AbortController().signal, { tools })));
      const followUp: ChatMessage[] = [...question, { role: "assistant", content: "", toolCalls: [call] }, { role: "tool", content: "391", toolResult: { callId: call.id, name: "multiply", isError: false } }];
      expect(text(await collect(provider.chat(followUp, new AbortController().signal, { tools })))).toBe("It is 391.");
      const [first, second] = chats(id);
      expect((first.body as { tools: unknown[] }).tools[0]).toEqual({ type: "function", function: { name: "multiply", description: "Multiplies two numbers.", parameters: tools[0].parameters } });
      expect((second.body as { messages: unknown[] }).messages.slice(2)).toEqual([
        { role: "assistant", content: null, tool_calls: [{ id: call.id, type: "function", function: { name: "multiply", arguments: call.arguments } }] },
        { role: "tool", tool_call_id: call.id, content: "391" },
      ]);
      ctx.fakes.reset();
    }
  });

  it("Anthropic: tools with input_schema; calls as tool_use blocks, results as tool_result blocks ahead of the next speakers' text", async () => {
    ctx.fakes.script({ ai: [{ say: "One moment.", calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "It is 391."] });
    const provider = llm("anthropic");
    const [call] = calls(await collect(provider.chat(question, new AbortController().signal, { tools })));
    const followUp: ChatMessage[] = [
      ...question,
      { role: "assistant", content: "One moment.", toolCalls: [call] },
      { role: "tool", content: "Error: the tool did not answer within 10 seconds.", toolResult: { callId: call.id, name: "multiply", isError: true } },
      { role: "user", content: "Bob: Take your time." },
    ];
    expect(text(await collect(provider.chat(followUp, new AbortController().signal, { tools })))).toBe("It is 391.");
    const [first, second] = chats("anthropic");
    expect((first.body as { tools: unknown[] }).tools[0]).toEqual({ name: "multiply", description: "Multiplies two numbers.", input_schema: tools[0].parameters });
    expect((second.body as { messages: unknown[] }).messages).toEqual([
      { role: "user", content: question[1].content },
      { role: "assistant", content: [{ type: "text", text: "One moment." }, { type: "tool_use", id: call.id, name: "multiply", input: { a: 17, b: 23 } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "Error: the tool did not answer within 10 seconds.", is_error: true }, { type: "text", text: "Bob: Take your time." }] },
    ]);
  });

  it("Gemini: parametersJsonSchema; the call goes back with its thought signature, the result as a functionResponse", async () => {
    ctx.fakes.script({ ai: [{ calls: [{ name: "multiply", arguments: { a: 17, b: 23 } }] }, "It is 391."] });
    const provider = llm("gemini");
    const [call] = calls(await collect(provider.chat(question, new AbortController().signal, { tools })));
    expect(call.signature).toEqual(expect.any(String));
    const followUp: ChatMessage[] = [...question, { role: "assistant", content: "", toolCalls: [call] }, { role: "tool", content: "391", toolResult: { callId: call.id, name: "multiply", isError: false } }];
    expect(text(await collect(provider.chat(followUp, new AbortController().signal, { tools })))).toBe("It is 391.");
    const [first, second] = chats("gemini");
    expect((first.body as { tools: unknown[] }).tools).toEqual([
      { functionDeclarations: tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })) },
    ]);
    expect((second.body as { contents: unknown[] }).contents.slice(1)).toEqual([
      { role: "model", parts: [{ functionCall: { name: "multiply", args: { a: 17, b: 23 } }, thoughtSignature: call.signature }] },
      { role: "user", parts: [{ functionResponse: { name: "multiply", response: { result: "391" } } }] },
    ]);
  });

  it.each(ALL)("%s: a summary's own output cap replaces the agent's spoken-answer cap", async (id) => {
    await collect(llm(id).chat(question, new AbortController().signal, { maxTokens: 2000 }));
    const body = chats(id)[0].body as Record<string, unknown>;
    const cap = body.max_completion_tokens ?? body.max_tokens ?? (body.generationConfig as { maxOutputTokens?: number }).maxOutputTokens;
    expect(cap).toBe(2000);
  });

  it("without tools nothing about tools is sent (a plain spoken answer)", async () => {
    for (const id of ALL) await collect(llm(id).chat(question, new AbortController().signal));
    for (const id of ALL) expect(chats(id)[0].body).not.toHaveProperty("tools");
  });

  it("a call the stream cut short is not reported: the reply fails as a dropped stream", async () => {
    ctx.fakes.script({ ai: [{ say: "Let me check that for you now.", calls: [{ name: "multiply", arguments: { a: 1, b: 2 } }] }] });
    ctx.fakes.failNext("anthropic", { drop: "mid" }, 1, "chat");
    const seen: ToolCall[] = [];
    const error = await (async () => {
      for await (const chunk of llm("anthropic").chat(question, new AbortController().signal, { tools })) if (chunk.type === "tool_call") seen.push(chunk.call);
    })().catch((e) => e);
    expect(error).toMatchObject({ kind: "transient" });
    expect(seen).toEqual([]);
  });
});
