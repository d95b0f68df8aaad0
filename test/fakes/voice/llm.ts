import { randomUUID } from "node:crypto";
import type http from "node:http";
import { strictGemini, strictly } from "./strict-llm.ts";
import { GEMINI_BAD_KEY, geminiAuthorized, geminiModels, openAiModels } from "./models.ts";
import { chatProblem } from "./openai-schema.ts";
import { errorBody, failBeforeAnswer } from "./errors.ts";
import { sendJson, sleep, startSse, tokenCount, tokens } from "./http-util.ts";
import type { FakeCall, HttpRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";
import { geminiCallParts, geminiTools, openAiCallDeltas, openAiCalls, openAiTools, unofferedCall } from "./tool-calls.ts";

// The three streaming chat dialects, answering with the fake's scripted (or echoed) reply, one word
// per event after the configured time to first token: OpenAI Chat Completions (also Groq and any
// OpenAI-compatible server) and Gemini streamGenerateContent here, Anthropic Messages in
// anthropic.ts. Each checks its own auth scheme and request shape and answers errors the way the
// real API does.

export type Message = { role: string; content: unknown };

export function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === "string" ? p : ((p as { text?: string }).text ?? ""))).join("");
  return "";
}

/** Streams the reply's tokens; stops when the client goes away, or mid-way for a `drop: "mid"` failure. */
export async function streamReply(call: FakeCall, res: http.ServerResponse, reply: string, write: (delta: string) => void, dropMid: boolean): Promise<boolean> {
  const { delays } = call.state.options;
  await sleep(delays.llmFirstTokenMs);
  const parts = tokens(reply);
  for (let i = 0; i < parts.length; i++) {
    if (res.destroyed) return false;
    write(parts[i]);
    if (dropMid && i === 1) {
      // Let the words written so far reach the client, then cut the connection.
      await sleep(20);
      call.req.socket.destroy();
      return false;
    }
    await sleep(delays.llmTokenMs);
  }
  return !res.destroyed;
}

export function watchAbort(call: FakeCall, res: http.ServerResponse): void {
  res.on("close", () => {
    if (!res.writableFinished) call.seen.aborted = true;
  });
}

// ---------- OpenAI Chat Completions ----------

async function openAiChat(call: FakeCall, res: http.ServerResponse): Promise<void> {
  if (call.req.headers.authorization !== `Bearer ${VALID_KEY}`) return sendJson(res, 401, errorBody("openai", 401));
  const body = call.seen.body as { model?: unknown; messages?: Message[]; stream?: boolean; stream_options?: { include_usage?: boolean } } | null;
  if (!body || typeof body.model !== "string" || !Array.isArray(body.messages) || body.messages.length === 0) {
    return sendJson(res, 400, { error: { message: "'model' and a non-empty 'messages' are required", type: "invalid_request_error", param: null, code: null } });
  }
  const bad = body.messages.find((m) => !["system", "developer", "user", "assistant", "tool"].includes(m.role));
  if (bad) return sendJson(res, 400, { error: { message: `Invalid value: '${bad.role}'. Supported values are: 'system', 'assistant', 'user', 'tool' and 'developer'.`, type: "invalid_request_error", param: "messages", code: "invalid_value" } });
  const tools = openAiTools(body as Record<string, unknown>);
  if ("problem" in tools) return sendJson(res, 400, { error: { ...tools.problem, type: "invalid_request_error" } });
  const failure = call.state.takeFailure(call.provider, "chat");
  if (failBeforeAnswer(call, res, failure)) return;
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user");
  const answer = call.state.nextAnswer(text(lastUser?.content));
  const misuse = unofferedCall(answer, tools.offered);
  if (misuse) return sendJson(res, 500, { error: { message: misuse, type: "fake_script_error" } });
  const reply = answer.text;
  const finish = answer.calls.length ? "tool_calls" : "stop";
  const promptTokens = tokenCount(body.messages.map((m) => text(m.content)).join(" "));
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  if (!body.stream) {
    const message = { role: "assistant", content: reply || null, refusal: null, ...(answer.calls.length ? { tool_calls: openAiCalls(answer) } : {}) };
    return sendJson(res, 200, { id, object: "chat.completion", created, model: body.model, choices: [{ index: 0, message, logprobs: null, finish_reason: finish }], usage: { prompt_tokens: promptTokens, completion_tokens: tokens(reply).length, total_tokens: promptTokens + tokens(reply).length } });
  }
  watchAbort(call, res);
  startSse(res);
  const data = (json: unknown) => res.write(`data: ${JSON.stringify(json)}\n\n`);
  data(chunk({ role: "assistant", content: "" }, null));
  const done = await streamReply(call, res, reply, (delta) => data(chunk({ content: delta }, null)), failure !== null && "drop" in failure && failure.drop === "mid");
  if (!done) return;
  for (const delta of openAiCallDeltas(answer)) data(chunk(delta, null));
  data(chunk({}, finish));
  if (body.stream_options?.include_usage) {
    const completion = tokens(reply).length;
    data({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completion, total_tokens: promptTokens + completion } });
  }
  res.end("data: [DONE]\n\n");
}

/** Chat Completions under a provider's API root ("/v1" for OpenAI, "/openai/v1" for Groq). */
export function openAiChatRoutes(root: string): HttpRoute[] {
  const r = root.replace(/\//g, "\\/");
  return [
    { method: "POST", pattern: new RegExp(`^${r}\\/chat\\/completions$`), surface: "chat", handle: strictly(chatProblem, openAiChat) },
    { method: "GET", pattern: new RegExp(`^${r}\\/models(?:\\/(.+))?$`), surface: "models", handle: openAiModels },
  ];
}

// ---------- Gemini ----------

/** generateContent (one JSON answer) or streamGenerateContent (SSE with alt=sse). */
async function geminiGenerate(call: FakeCall, res: http.ServerResponse, streaming: boolean): Promise<void> {
  if (!geminiAuthorized(call)) return sendJson(res, 400, GEMINI_BAD_KEY);
  const model = decodeURIComponent(call.params[0]);
  const body = call.seen.body as { contents?: { role?: string; parts?: { text?: string }[] }[]; systemInstruction?: { parts?: { text?: string }[] } } | null;
  const invalid = (message: string) => sendJson(res, 400, { error: { code: 400, message, status: "INVALID_ARGUMENT" } });
  if (!body || !Array.isArray(body.contents) || body.contents.length === 0) return invalid("* GenerateContentRequest.contents: contents is not specified");
  if (body.contents.some((c) => c.role !== "user" && c.role !== "model")) return invalid("Please use a valid role: user, model.");
  if (streaming && call.url.searchParams.get("alt") !== "sse") return invalid("This fake streams with alt=sse only");
  const tools = geminiTools(call.state, body as Record<string, unknown>);
  if ("problem" in tools) return invalid(tools.problem);
  const failure = call.state.takeFailure(call.provider, "chat");
  if (failBeforeAnswer(call, res, failure)) return;
  const partsText = (parts?: { text?: string }[]) => (parts ?? []).map((p) => p.text ?? "").join("");
  const answer = call.state.nextAnswer(partsText(body.contents[body.contents.length - 1].parts));
  const misuse = unofferedCall(answer, tools.offered);
  if (misuse) return sendJson(res, 500, { error: { code: 500, message: misuse, status: "INTERNAL" } });
  const reply = answer.text;
  const calls = answer.calls.length ? geminiCallParts(call.state, answer) : [];
  const prompt = tokenCount(`${partsText(body.systemInstruction?.parts)} ${body.contents.map((c) => partsText(c.parts)).join(" ")}`);
  if (!streaming) {
    const parts = [...(reply ? [{ text: reply }] : []), ...calls];
    const output = tokens(reply).length + calls.length * 10;
    return sendJson(res, 200, { candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0 }], usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: output, totalTokenCount: prompt + output }, modelVersion: model, responseId: "fake" });
  }
  watchAbort(call, res);
  startSse(res);
  let sent = 0;
  const data = (delta: string | object[], last: boolean) => {
    sent++;
    res.write(
      `data: ${JSON.stringify({
        candidates: [{ content: { parts: typeof delta === "string" ? [{ text: delta }] : delta, role: "model" }, index: 0, ...(last ? { finishReason: "STOP" } : {}) }],
        usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: sent, totalTokenCount: prompt + sent },
        modelVersion: model,
        responseId: "fake",
      })}\r\n\r\n`,
    );
  };
  const parts = tokens(reply);
  const done = await streamReply(call, res, reply, (delta) => data(delta, calls.length === 0 && sent === parts.length - 1), failure !== null && "drop" in failure && failure.drop === "mid");
  // Calls arrive whole, in one event after the text.
  if (done && calls.length) data(calls, true);
  if (done) res.end();
}

export const geminiRoutes: HttpRoute[] = [
  { method: "POST", pattern: /^\/v1(?:beta)?\/models\/([^/:]+):streamGenerateContent$/, surface: "chat", handle: strictGemini((call, res) => geminiGenerate(call, res, true)) },
  { method: "POST", pattern: /^\/v1(?:beta)?\/models\/([^/:]+):generateContent$/, surface: "chat", handle: strictGemini((call, res) => geminiGenerate(call, res, false)) },
  { method: "GET", pattern: /^\/v1(?:beta)?\/models(?:\/([^/:]+))?$/, surface: "models", handle: geminiModels },
];
