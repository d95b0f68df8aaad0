import type { ChatMessage, LlmProvider, ProviderConfig, ToolCall } from "../../types.ts";
import type { ToolSpec } from "../../../tools/types.ts";
import { bearerAuth, resolveEndpoint } from "../endpoint.ts";
import { errorDetail, providerError, type ProviderRef } from "../errors.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { prewarmHttp } from "../prewarm.ts";
import { eventJson, streamChat, type ChatDecoder } from "./stream-chat.ts";

// Chat Completions (platform.openai.com/docs/api-reference/chat), spoken by OpenAI, Groq
// (api.groq.com/openai/v1) and every OpenAI-compatible server: POST <base>/chat/completions with a
// bearer key, `stream: true` and `stream_options.include_usage`, answered by SSE `data:` chunks
// (choices[0].delta.content), a last chunk with `usage` and `data: [DONE]`. Errors are JSON
// `{"error": {...}}` with the HTTP status (401 invalid_api_key, 429, 5xx).
// Function calling: `tools: [{type: "function", function: {name, description, parameters}}]`; a call
// streams as choices[0].delta.tool_calls[] pieces keyed by `index` (id, type and name first, then
// `function.arguments` in fragments), finished when a higher index starts or with finish_reason;
// results go back as `{role: "tool", tool_call_id, content}` after the assistant's `tool_calls`.

interface CallPiece {
  id: string;
  name: string;
  arguments: string;
}
type ToolCallDelta = { index?: number; id?: string; function?: { name?: string; arguments?: string } };

/** Assembles streamed tool calls: each is complete once a later one starts or the choice finishes. */
class CallAssembler {
  private readonly pieces = new Map<number, CallPiece>();
  private next = 0;

  add(deltas: ToolCallDelta[]): ToolCall[] {
    const done: ToolCall[] = [];
    deltas.forEach((d, position) => {
      const index = d.index ?? position;
      if (index > this.next) done.push(...this.finish(index));
      let piece = this.pieces.get(index);
      if (!piece) this.pieces.set(index, (piece = { id: "", name: "", arguments: "" }));
      if (d.id) piece.id = d.id;
      if (d.function?.name) piece.name += d.function.name;
      if (d.function?.arguments) piece.arguments += d.function.arguments;
    });
    return done;
  }

  /** Every call below `upTo` (all by default), in index order. */
  finish(upTo = Infinity): ToolCall[] {
    const done: ToolCall[] = [];
    for (const index of [...this.pieces.keys()].sort((a, b) => a - b)) {
      if (index >= upTo) break;
      const p = this.pieces.get(index)!;
      this.pieces.delete(index);
      done.push({ id: p.id || `call_${index}`, name: p.name, arguments: p.arguments.trim() || "{}" });
    }
    if (upTo !== Infinity) this.next = upTo;
    return done;
  }
}

function decoder(ref: ProviderRef): () => ChatDecoder {
  return () => {
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    const calls = new CallAssembler();
    return {
      end: () => calls.finish(),
      event(ev) {
        if (ev.data.trim() === "[DONE]") return null;
        const json = eventJson(ev);
        if (!json) return [];
        if (json.error) throw providerError(ref, "transient", errorDetail(JSON.stringify(json)));
        // Groq reported usage under x_groq before it supported include_usage; either is fine.
        const reported = (json.usage ?? (json.x_groq as { usage?: unknown } | undefined)?.usage) as { prompt_tokens?: number; completion_tokens?: number } | undefined;
        if (reported && typeof reported.prompt_tokens === "number") {
          usage = { inputTokens: reported.prompt_tokens, outputTokens: reported.completion_tokens ?? 0 };
        }
        const choice = (json.choices as { delta?: { content?: unknown; tool_calls?: ToolCallDelta[] }; finish_reason?: string | null }[] | undefined)?.[0];
        const content = choice?.delta?.content;
        const parts: (string | ToolCall)[] = typeof content === "string" ? [content] : [];
        if (Array.isArray(choice?.delta?.tool_calls)) parts.push(...calls.add(choice.delta.tool_calls));
        if (choice?.finish_reason) parts.push(...calls.finish());
        return parts;
      },
      usage: () => usage,
    };
  };
}

export function createOpenAiChatLlm(config: ProviderConfig, options: AdapterOptions): LlmProvider {
  const endpoint = resolveEndpoint("ai", config);
  const base = config.providerId === "openai" ? `${endpoint.base}/v1` : config.providerId === "groq" ? `${endpoint.base}/openai/v1` : endpoint.base;
  const ref = { kind: "ai" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = bearerAuth(config.apiKey);
  const temperature = extraParam<number>("ai", config, "temperature");
  const maxTokens = extraParam<number>("ai", config, "maxTokens");
  // OpenAI and Groq name the cap max_completion_tokens (max_tokens is deprecated, and refused by
  // reasoning models); servers that merely copy the API mostly still know only max_tokens.
  const maxTokensField = config.providerId === "openai-compatible" ? "max_tokens" : "max_completion_tokens";

  return {
    providerId: config.providerId,
    model: config.model,
    prewarm: () => prewarmHttp(ref, { url: new URL(`${base}/models`), headers, guarded: endpoint.guarded }, options),
    chat(messages, signal, chatOptions) {
      const body: Record<string, unknown> = {
        model: config.model,
        messages: messages.map(wireMessage),
        stream: true,
        stream_options: { include_usage: true },
      };
      if (temperature !== undefined) body.temperature = temperature;
      const cap = chatOptions?.maxTokens ?? maxTokens;
      if (cap !== undefined) body[maxTokensField] = cap;
      if (chatOptions?.tools?.length) body.tools = chatOptions.tools.map(wireTool);
      return streamChat(ref, { url: new URL(`${base}/chat/completions`), headers, body, guarded: endpoint.guarded }, decoder(ref), options, signal);
    },
  };
}

function wireTool(tool: ToolSpec) {
  return { type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolResult?.callId, content: m.content };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return {
      role: "assistant",
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })),
    };
  }
  return { role: m.role, content: m.content };
}
