import { describe, expect, it } from "vitest";
import { createProviders } from "@/lib/voice/providers/create-providers";
import { ProviderError, type ChatMessage, type LlmChunk, type LlmProvider } from "@/lib/voice/types";
import { collect, providerConfig, useVoiceFakes } from "./support";

const ctx = useVoiceFakes();

type Id = "openai" | "groq" | "openai-compatible" | "anthropic" | "gemini";
function llm(providerId: Id, extra: Record<string, unknown> = {}, key = ctx.fakes.validKey): LlmProvider {
  const withBase = providerId === "openai-compatible" ? { baseUrl: ctx.fakes.compatibleBaseUrl, model: "llama3", ...extra } : extra;
  return createProviders({ stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", providerId, key, withBase), tts: providerConfig("tts", "openai", "k") }, ctx.options).ai;
}
const chats = (provider: string) => ctx.fakes.requests.filter((r) => r.provider === provider && r.surface === "chat");
const text = (chunks: LlmChunk[]) => chunks.flatMap((c) => (c.type === "text" ? [c.delta] : [])).join("");

const conversation: ChatMessage[] = [
  { role: "system", content: "You are Cohost, a meeting assistant. Answer briefly." },
  { role: "user", content: "Alice: Good morning." },
  { role: "user", content: "Bob: Cohost, what is the plan?" },
];

const ALL: Id[] = ["openai", "groq", "openai-compatible", "anthropic", "gemini"];

describe("LLM adapters: streaming replies", () => {
  it.each(ALL)("%s streams the reply word by word and reports token usage last", async (id) => {
    ctx.fakes.script({ ai: ["The plan is to ship on Friday. Any questions?"] });
    const chunks = await collect(llm(id).chat(conversation, new AbortController().signal));
    expect(text(chunks)).toBe("The plan is to ship on Friday. Any questions?");
    expect(chunks.filter((c) => c.type === "text").length).toBe(9);
    const usage = chunks.at(-1)!;
    expect(usage.type).toBe("usage");
    expect(usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: 9 });
    expect((usage as { inputTokens: number }).inputTokens).toBeGreaterThan(10);
    expect(chunks.filter((c) => c.type === "usage")).toHaveLength(1);
  });
});

describe("LLM adapters: requests as each provider wants them", () => {
  it("OpenAI: Chat Completions with the model, temperature, max_completion_tokens and include_usage", async () => {
    await collect(llm("openai", { model: "gpt-4.1-mini", temperature: 0.2, maxTokens: 120 }).chat(conversation, new AbortController().signal));
    const [request] = chats("openai");
    expect(request.path).toBe("/openai/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${ctx.fakes.validKey}`);
    expect(request.body).toEqual({
      model: "gpt-4.1-mini",
      messages: conversation,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
      max_completion_tokens: 120,
    });
  });

  it("OpenAI: the catalogue's defaults apply when the agent sets none", async () => {
    await collect(llm("openai").chat(conversation, new AbortController().signal));
    expect(chats("openai")[0].body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_completion_tokens: 300 });
  });

  it("Groq: the same protocol under /openai/v1", async () => {
    await collect(llm("groq", { model: "llama-3.1-8b-instant", temperature: 1.1, maxTokens: 64 }).chat(conversation, new AbortController().signal));
    expect(chats("groq")[0]).toMatchObject({ path: "/groq/openai/v1/chat/completions", body: { model: "llama-3.1-8b-instant", temperature: 1.1, max_completion_tokens: 64, stream: true } });
  });

  it("OpenAI-compatible: <baseUrl>/chat/completions with max_tokens, which such servers know", async () => {
    await collect(llm("openai-compatible", { model: "qwen2.5", maxTokens: 50, temperature: 0 }).chat(conversation, new AbortController().signal));
    expect(chats("openai-compatible")[0]).toMatchObject({ path: "/openai-compatible/v1/chat/completions", body: { model: "qwen2.5", max_tokens: 50, temperature: 0 } });
  });

  it("Anthropic: API version 2026-10-21, no sampling parameters, system apart, speakers in a row joined into one user turn", async () => {
    await collect(llm("anthropic", { model: "claude-sonnet-4-6", maxTokens: 200 }).chat([...conversation, { role: "assistant", content: "Ship Friday." }, { role: "user", content: "Alice: Thanks." }], new AbortController().signal));
    const [request] = chats("anthropic");
    expect(request.path).toBe("/anthropic/v1/messages");
    expect(request.headers).toMatchObject({ "x-api-key": ctx.fakes.validKey, "anthropic-version": "2026-10-21" });
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toEqual({
      model: "claude-sonnet-4-6",
      max_tokens: 200,
      stream: true,
      system: "You are Cohost, a meeting assistant. Answer briefly.",
      messages: [
        { role: "user", content: "Alice: Good morning.\nBob: Cohost, what is the plan?" },
        { role: "assistant", content: "Ship Friday." },
        { role: "user", content: "Alice: Thanks." },
      ],
    });
  });

  it("Anthropic: a temperature stored before 2026-10-21 is not sent (the API would refuse the request)", async () => {
    const chunks = await collect(llm("anthropic", { temperature: 0.4 }).chat(conversation, new AbortController().signal));
    expect(text(chunks)).toMatch(/^You said: /);
    expect(chats("anthropic")[0].body).not.toHaveProperty("temperature");
  });

  it("Anthropic: a model past its retirement date is refused as not found, without retries", async () => {
    ctx.fakes.set({ today: "2026-11-30" });
    const error = await collect(llm("anthropic", { model: "claude-sonnet-4-5" }).chat(conversation, new AbortController().signal)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "bad_request", status: 404, providerId: "anthropic" });
    expect((error as Error).message).toContain("model: claude-sonnet-4-5");
    expect(chats("anthropic")).toHaveLength(1);
  });

  it("Anthropic: a conversation that starts with the agent gets a user turn first", async () => {
    await collect(llm("anthropic").chat([{ role: "system", content: "Greet." }, { role: "assistant", content: "Hello everyone." }], new AbortController().signal));
    expect((chats("anthropic")[0].body as { messages: { role: string }[] }).messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("Gemini: streamGenerateContent?alt=sse, the key in x-goog-api-key, roles user/model, generation config with thinking off", async () => {
    await collect(llm("gemini", { temperature: 0.5, maxTokens: 99 }).chat([...conversation, { role: "assistant", content: "Ship Friday." }], new AbortController().signal));
    const [request] = chats("gemini");
    expect(request.path).toBe("/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent");
    expect(request.query).toEqual({ alt: "sse" });
    expect(request.headers["x-goog-api-key"]).toBe(ctx.fakes.validKey);
    expect(request.body).toEqual({
      systemInstruction: { parts: [{ text: "You are Cohost, a meeting assistant. Answer briefly." }] },
      contents: [
        { role: "user", parts: [{ text: "Alice: Good morning.\nBob: Cohost, what is the plan?" }] },
        { role: "model", parts: [{ text: "Ship Friday." }] },
      ],
      generationConfig: { temperature: 0.5, maxOutputTokens: 99, thinkingConfig: { thinkingBudget: 0 } },
    });
  });

  it("Gemini: a thinking budget reaches the request; Pro models, which cannot stop thinking, keep their default at 0", async () => {
    await collect(llm("gemini", { thinkingBudget: 512 }).chat(conversation, new AbortController().signal));
    await collect(llm("gemini", { model: "gemini-2.5-pro" }).chat(conversation, new AbortController().signal));
    expect((chats("gemini")[0].body as { generationConfig: unknown }).generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 512 } });
    expect((chats("gemini")[1].body as { generationConfig: object }).generationConfig).not.toHaveProperty("thinkingConfig");
  });
});

describe("LLM adapters: cancellation", () => {
  it.each(ALL)("%s: aborting mid-reply stops the request at once and ends the stream quietly", async (id) => {
    ctx.fakes.set({ delays: { llmTokenMs: 30 } });
    ctx.fakes.script({ ai: ["one two three four five six seven eight nine ten eleven twelve"] });
    const controller = new AbortController();
    const received: LlmChunk[] = [];
    for await (const chunk of llm(id).chat(conversation, controller.signal)) {
      received.push(chunk);
      if (received.length === 2) controller.abort();
    }
    expect(text(received)).toBe("one two ");
    await new Promise((r) => setTimeout(r, 50));
    expect(chats(id)[0].aborted).toBe(true);
  });

  it("breaking out of the loop also cancels the request", async () => {
    ctx.fakes.set({ delays: { llmTokenMs: 30 } });
    for await (const chunk of llm("openai").chat(conversation, new AbortController().signal)) {
      expect(chunk.type).toBe("text");
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(chats("openai")[0].aborted).toBe(true);
  });

  it("an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await collect(llm("anthropic").chat(conversation, controller.signal))).toEqual([]);
    expect(chats("anthropic")).toEqual([]);
  });
});

describe("LLM adapters: failures", () => {
  it.each([
    ["openai", "OpenAI AI rejected the API key (401): Incorrect API key provided: wr***ey."],
    ["groq", "Groq AI rejected the API key (401): Incorrect API key provided: wr***ey."],
    ["openai-compatible", "OpenAI-compatible AI rejected the API key (401): Incorrect API key provided: wr***ey."],
    ["anthropic", "Anthropic AI rejected the API key (401): invalid x-api-key"],
    ["gemini", "Google Gemini AI rejected the API key (400): API key not valid. Please pass a valid API key."],
  ] as [Id, string][])("%s: a wrong key fails with invalid_key naming provider and kind, without retries", async (id, message) => {
    const error = await collect(llm(id, {}, "wrong-key").chat(conversation, new AbortController().signal)).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "invalid_key", providerKind: "ai", providerId: id });
    expect(error.message).toBe(message);
    expect(chats(id)).toHaveLength(1);
    expect(ctx.logs).toEqual([]);
  });

  it.each([
    ["openai", 429],
    ["anthropic", 529],
    ["gemini", 503],
  ] as [Id, number][])("%s: a %i is retried with back-off and logged; the kept-alive connection then cut is replaced at once", async (id, status) => {
    ctx.fakes.script({ ai: ["Recovered."] });
    ctx.fakes.failNext(id, { status }, 1, "chat");
    ctx.fakes.failNext(id, { drop: "before" }, 1, "chat");
    const chunks = await collect(llm(id).chat(conversation, new AbortController().signal));
    expect(text(chunks)).toBe("Recovered.");
    expect(ctx.logs).toEqual([expect.objectContaining({ provider: id, kind: "ai", event: "chat_retry", attempt: 1, status })]);
    const [refused, cut, answered] = chats(id);
    expect(cut.connection).toBe(refused.connection);
    expect(answered.connection).not.toBe(cut.connection);
  });

  it("a request that gets no answer times out and is retried", async () => {
    ctx.fakes.script({ ai: ["Finally."] });
    ctx.fakes.failNext("openai", { hang: true }, 1, "chat");
    const { ai } = createProviders({ stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", "openai", ctx.fakes.validKey), tts: providerConfig("tts", "openai", "k") }, { ...ctx.options, connectTimeoutMs: 200 });
    expect(text(await collect(ai.chat(conversation, new AbortController().signal)))).toBe("Finally.");
    expect(ctx.logs).toEqual([expect.objectContaining({ provider: "openai", event: "chat_retry", attempt: 1, error: "OpenAI AI failed temporarily: no answer within 200 ms" })]);
  });

  it("gives up after the last attempt with a transient ProviderError", async () => {
    ctx.fakes.failNext("groq", { status: 500 }, 3, "chat");
    const error = await collect(llm("groq").chat(conversation, new AbortController().signal)).catch((e) => e);
    expect(error).toMatchObject({ kind: "transient", providerId: "groq", status: 500 });
    expect(chats("groq")).toHaveLength(3);
    expect(ctx.logs.at(-1)).toMatchObject({ event: "chat_gave_up", attempt: 3 });
  });

  it("a connection that drops after words were streamed is not replayed: the error surfaces", async () => {
    ctx.fakes.script({ ai: ["Alpha beta gamma delta."] });
    ctx.fakes.failNext("anthropic", { drop: "mid" }, 1, "chat");
    const received: LlmChunk[] = [];
    const error = await (async () => {
      for await (const chunk of llm("anthropic").chat(conversation, new AbortController().signal)) received.push(chunk);
    })().catch((e) => e);
    expect(text(received)).toBe("Alpha beta ");
    expect(error).toMatchObject({ kind: "transient", providerId: "anthropic" });
    expect(chats("anthropic")).toHaveLength(1);
    expect(ctx.logs).toContainEqual(expect.objectContaining({ provider: "anthropic", event: "dropped" }));
  });

  it("a provider that stops sending mid-reply times out as transient", async () => {
    ctx.fakes.set({ delays: { llmTokenMs: 400 } });
    const provider = createProviders(
      { stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", "openai", ctx.fakes.validKey), tts: providerConfig("tts", "openai", "k") },
      { ...ctx.options, idleTimeoutMs: 100 },
    ).ai;
    const error = await collect(provider.chat(conversation, new AbortController().signal)).catch((e) => e);
    expect(error).toMatchObject({ kind: "transient", message: "OpenAI AI failed temporarily: stopped sending for 100 ms" });
  });

  it("a 404 (an unknown model) is a bad request, not retried", async () => {
    const error = await collect(llm("openai", { model: "gpt-9" }).chat(conversation, new AbortController().signal)).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "bad_request", status: 404, message: "OpenAI AI refused the request (404): The model `gpt-9` does not exist or you do not have access to it." });
    expect(chats("openai")).toHaveLength(1);
    expect(ctx.logs).toEqual([]);
  });
});

describe("LLM adapters: connections", () => {
  it.each(ALL)("%s: prewarm opens the connection (and checks the key) that the first reply then reuses", async (id) => {
    const provider = llm(id);
    await provider.prewarm!();
    await collect(provider.chat(conversation, new AbortController().signal));
    await collect(provider.chat(conversation, new AbortController().signal));
    const mine = ctx.fakes.requests.filter((r) => r.provider === id);
    expect(mine.map((r) => r.surface)).toEqual(["models", "chat", "chat"]);
    expect(new Set(mine.map((r) => r.connection)).size).toBe(1);
  });

  it("a kept-alive connection the provider dropped while idle is replaced at once, without a back-off", async () => {
    ctx.fakes.script({ ai: ["Fresh connection."] });
    const provider = llm("openai");
    await provider.prewarm!();
    // The next request arrives on the prewarmed socket, which the provider cuts as if it had timed out.
    ctx.fakes.failNext("openai", { drop: "before" }, 1, "chat");
    expect(text(await collect(provider.chat(conversation, new AbortController().signal)))).toBe("Fresh connection.");
    const [models, cut, fresh] = ctx.fakes.requests;
    expect(cut.connection).toBe(models.connection);
    expect(fresh.connection).not.toBe(models.connection);
    expect(ctx.logs).toEqual([]);
  });

  it.each(ALL)("%s: prewarm with a wrong key rejects with invalid_key", async (id) => {
    await expect(llm(id, {}, "wrong-key").prewarm!()).rejects.toMatchObject({ kind: "invalid_key", providerKind: "ai", providerId: id });
  });
});
