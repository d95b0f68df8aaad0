import { randomUUID } from "node:crypto";
import type http from "node:http";
import { failBeforeAnswer } from "./errors.ts";
import { sendJson, startSse, tokenCount, tokens } from "./http-util.ts";
import { streamReply, text, watchAbort, type Message } from "./llm.ts";
import type { FakeCall, HttpRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";
import { anthropicToolUses, anthropicTools, argumentFragments, unofferedCall } from "./tool-calls.ts";

// Anthropic Messages and Models as the API answers them (checked 2026-11-25 against
// @anthropic-ai/sdk 1.14 and docs.anthropic.com; docs/voice-providers.md). Strict: an unknown or
// missing `anthropic-version`, an unknown body field, a sampling parameter under 2026-10-21, a
// value out of range or a model that does not exist (or has retired) is refused with the error the
// API sends. The key counts in `x-api-key` (what Cohost sends) or as a bearer token (what the SDK
// sends since 1.0).

const VERSIONS = ["2023-06-01", "2026-10-21"];
const SAMPLING = ["temperature", "top_p", "top_k"];
const BODY_FIELDS = [
  "model", "max_tokens", "messages", "stream", "system", "metadata", "stop_sequences", "thinking", "tools", "tool_choice",
  "cache_control", "container", "diagnostics", "inference_geo", "output_config", "service_tier", "speed",
];

type Lifecycle = { line: string; name: string; retiresOn?: string };
/** The models the fake API serves: active ones, and deprecated ones with their retirement dates (the SDK's deprecation list). */
const MODELS: Record<string, Lifecycle> = {
  "claude-haiku-4-5": { line: "haiku", name: "Claude Haiku 4.5" },
  "claude-haiku-4-5-20251001": { line: "haiku", name: "Claude Haiku 4.5" },
  "claude-haiku-5-5": { line: "haiku", name: "Claude Haiku 5.5" },
  "claude-sonnet-4-5": { line: "sonnet", name: "Claude Sonnet 4.5", retiresOn: "2026-11-30" },
  "claude-sonnet-4-5-20250929": { line: "sonnet", name: "Claude Sonnet 4.5", retiresOn: "2026-11-30" },
  "claude-sonnet-4-6": { line: "sonnet", name: "Claude Sonnet 4.6" },
  "claude-sonnet-5-5": { line: "sonnet", name: "Claude Sonnet 5.5" },
  "claude-opus-4-5": { line: "opus", name: "Claude Opus 4.5", retiresOn: "2027-01-22" },
  "claude-opus-4-8": { line: "opus", name: "Claude Opus 4.8" },
  "claude-opus-5-5": { line: "opus", name: "Claude Opus 5.5" },
};

type ApiError = { status: number; type: string; message: string };
const fail = (res: http.ServerResponse, e: ApiError) => sendJson(res, e.status, { type: "error", error: { type: e.type, message: e.message }, request_id: `req_${randomUUID().replace(/-/g, "")}` });
const invalid = (message: string): ApiError => ({ status: 400, type: "invalid_request_error", message });

/** The version and key, checked the way the API does: version first (400), then the key (401). */
function checkHeaders(call: FakeCall): ApiError | null {
  const version = call.req.headers["anthropic-version"];
  if (typeof version !== "string") return invalid("anthropic-version: header is required");
  if (!VERSIONS.includes(version)) return invalid(`anthropic-version: "${version}" is not a valid version`);
  const key = call.req.headers["x-api-key"] ?? call.req.headers.authorization?.replace(/^Bearer /, "");
  if (key !== VALID_KEY) return { status: 401, type: "authentication_error", message: "invalid x-api-key" };
  return null;
}

/** A model the fake serves today (a retired one is "not found", like any unknown id). */
function servedModel(call: FakeCall, id: string): Lifecycle | null {
  const model = MODELS[id];
  if (!model || (model.retiresOn && model.retiresOn <= call.state.today())) return null;
  return model;
}

function requestProblem(call: FakeCall, body: Record<string, unknown> | null): ApiError | null {
  if (!body) return invalid("The request body is not valid JSON.");
  const version = call.req.headers["anthropic-version"];
  for (const key of Object.keys(body)) {
    const known = BODY_FIELDS.includes(key) || (version === "2023-06-01" && SAMPLING.includes(key));
    if (!known) return invalid(`${key}: Extra inputs are not permitted`);
  }
  if (typeof body.model !== "string") return invalid("model: Field required");
  if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens) || body.max_tokens < 0) return invalid("max_tokens: Input should be a valid integer greater than or equal to 0");
  if (body.stream !== undefined && typeof body.stream !== "boolean") return invalid("stream: Input should be a valid boolean");
  if (body.system !== undefined && typeof body.system !== "string" && !Array.isArray(body.system)) return invalid("system: Input should be a valid string or list");
  if (typeof body.temperature === "number" && (body.temperature < 0 || body.temperature > 1)) return invalid("temperature: Input should be less than or equal to 1");
  const messages = body.messages as Message[] | undefined;
  if (!Array.isArray(messages) || messages.length === 0) return invalid("messages: Field required");
  for (const [i, m] of messages.entries()) {
    if (!m || !["user", "assistant", "system"].includes(m.role)) return invalid(`messages.${i}.role: Input should be 'user', 'assistant' or 'system'`);
    if (typeof m.content !== "string" && !Array.isArray(m.content)) return invalid(`messages.${i}.content: Field required`);
  }
  if (messages[0].role === "assistant") return invalid('messages: first message must use the "user" role');
  if (!servedModel(call, body.model)) return { status: 404, type: "not_found_error", message: `model: ${body.model}` };
  return null;
}

async function messages(call: FakeCall, res: http.ServerResponse): Promise<void> {
  const body = call.seen.body as Record<string, unknown> | null;
  const problem = checkHeaders(call) ?? requestProblem(call, body);
  if (problem) return fail(res, problem);
  const tools = anthropicTools(body!);
  if ("problem" in tools) return fail(res, invalid(tools.problem));
  const failure = call.state.takeFailure(call.provider, "chat");
  if (failBeforeAnswer(call, res, failure)) return;
  const { model, system } = body as { model: string; system?: unknown };
  const turns = (body as { messages: Message[] }).messages;
  const answer = call.state.nextAnswer(text(turns[turns.length - 1].content));
  const misuse = unofferedCall(answer, tools.offered);
  if (misuse) return sendJson(res, 500, { type: "error", error: { type: "fake_script_error", message: misuse } });
  const reply = answer.text;
  const uses = anthropicToolUses(answer);
  const stopReason = uses.length ? "tool_use" : "end_turn";
  const input = tokenCount(`${text(system)} ${turns.map((m) => text(m.content)).join(" ")}`);
  const id = `msg_${randomUUID().replace(/-/g, "")}`;
  const usage = { input_tokens: input, output_tokens: tokens(reply).length + uses.length * 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (body!.stream !== true) {
    const content = [...(reply ? [{ type: "text", text: reply }] : []), ...uses.map((u) => ({ type: "tool_use", ...u }))];
    return sendJson(res, 200, { id, type: "message", role: "assistant", model, content, stop_reason: stopReason, stop_sequence: null, usage });
  }
  watchAbort(call, res);
  startSse(res);
  const event = (name: string, json: Record<string, unknown>) => res.write(`event: ${name}\ndata: ${JSON.stringify({ type: name, ...json })}\n\n`);
  event("message_start", { message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  // A text block only when there is text (a bare call starts with its tool_use block).
  const withText = reply !== "" || uses.length === 0;
  if (withText) event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  event("ping", {});
  const dropMid = failure !== null && "drop" in failure && failure.drop === "mid";
  const done = await streamReply(call, res, reply, (delta) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text: delta } }), dropMid);
  if (!done) return;
  if (withText) event("content_block_stop", { index: 0 });
  uses.forEach((use, i) => {
    const index = i + (withText ? 1 : 0);
    event("content_block_start", { index, content_block: { type: "tool_use", id: use.id, name: use.name, input: {} } });
    for (const partial of ["", ...argumentFragments(JSON.stringify(use.input))]) event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: partial } });
    event("content_block_stop", { index });
  });
  event("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  event("message_stop", {});
  res.end();
}

function modelInfo(id: string, m: Lifecycle) {
  return {
    type: "model", id, display_name: m.name, created_at: "2025-10-01T00:00:00Z", line: m.line,
    lifecycle: m.retiresOn ? "deprecated" : "active",
    deprecated_at: m.retiresOn ? "2026-09-30T00:00:00Z" : null,
    retires_at: m.retiresOn ? `${m.retiresOn}T00:00:00Z` : null,
    max_input_tokens: 200_000, max_tokens: 64_000, capabilities: null,
  };
}

const LIST_PARAMS = ["limit", "after_id", "before_id", "lifecycle[]"];

function models(call: FakeCall, res: http.ServerResponse): void {
  const problem = checkHeaders(call);
  if (problem) return fail(res, problem);
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "models"))) return;
  const id = decodeURIComponent(call.params[0] ?? "");
  if (id) {
    const model = servedModel(call, id);
    return model ? sendJson(res, 200, modelInfo(id, model)) : fail(res, { status: 404, type: "not_found_error", message: `model: ${id}` });
  }
  const unknown = [...call.url.searchParams.keys()].find((k) => !LIST_PARAMS.includes(k));
  if (unknown) return fail(res, invalid(`${unknown}: Extra inputs are not permitted`));
  const limit = Number(call.url.searchParams.get("limit") ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return fail(res, invalid("limit: Input should be between 1 and 1000"));
  const all = Object.entries(MODELS).filter(([mid]) => servedModel(call, mid)).map(([mid, m]) => modelInfo(mid, m));
  const after = call.url.searchParams.get("after_id");
  const from = after ? all.findIndex((m) => m.id === after) + 1 : 0;
  const page = all.slice(from, from + limit);
  sendJson(res, 200, { data: page, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: from + limit < all.length });
}

export const anthropicRoutes: HttpRoute[] = [
  { method: "POST", pattern: /^\/v1\/messages$/, surface: "chat", handle: messages },
  { method: "GET", pattern: /^\/v1\/models(?:\/(.+))?$/, surface: "models", handle: models },
];
