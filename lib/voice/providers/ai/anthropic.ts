import { ANTHROPIC_VERSION } from "../../../providers/api-versions.ts";
import { parseArguments } from "../../tool-arguments.ts";
import type { LlmProvider, ProviderConfig, ToolCall } from "../../types.ts";
import { resolveEndpoint } from "../endpoint.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { prewarmHttp } from "../prewarm.ts";
import { eventJson, streamChat, type ChatDecoder } from "./stream-chat.ts";
import { plainText, splitTurns, type Turn } from "./turns.ts";

// Anthropic Messages (docs.anthropic.com/en/api/messages-streaming): POST /v1/messages with
// `x-api-key` and `anthropic-version`, `stream: true`; named SSE events: message_start (input usage),
// content_block_delta (text_delta), message_delta (output usage so far), message_stop, ping, and
// `error` inside the stream (overloaded_error, api_error). HTTP errors: 401 authentication_error,
// 403 permission_error, 404 not_found_error (also a retired model), 429 rate_limit_error,
// 529 overloaded_error. API version 2026-10-21 (what the SDK sends since 1.0) refuses temperature,
// top_p and top_k with a 400, so none is sent.
// Function calling: `tools: [{name, description, input_schema}]`; a call streams as a `tool_use`
// content block (content_block_start with id and name, `input_json_delta` fragments of its input,
// content_block_stop), stop_reason `tool_use`; results go back in the next user message as
// `tool_result` blocks (before any text), after the assistant message that carries the `tool_use`.

function decoder(ref: ProviderRef): () => ChatDecoder {
  return () => {
    let input: number | null = null;
    let output = 0;
    /** tool_use blocks being streamed, by content block index. */
    const calls = new Map<number, { id: string; name: string; json: string }>();
    return {
      event(ev) {
        const json = eventJson(ev);
        if (!json) return [];
        switch (json.type ?? ev.event) {
          case "message_start": {
            const usage = (json.message as { usage?: Record<string, number> } | undefined)?.usage ?? {};
            // Cached prompt tokens are billed as input too (at their own rate).
            input = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
            output = usage.output_tokens ?? 0;
            return [];
          }
          case "content_block_start": {
            const block = json.content_block as { type?: string; id?: string; name?: string } | undefined;
            if (block?.type === "tool_use") calls.set(json.index as number, { id: block.id ?? `toolu_${json.index}`, name: block.name ?? "", json: "" });
            return [];
          }
          case "content_block_delta": {
            const delta = json.delta as { type?: string; text?: string; partial_json?: string } | undefined;
            if (delta?.type === "input_json_delta") {
              const call = calls.get(json.index as number);
              if (call && typeof delta.partial_json === "string") call.json += delta.partial_json;
              return [];
            }
            return delta?.type === "text_delta" && typeof delta.text === "string" ? [delta.text] : [];
          }
          case "content_block_stop": {
            const call = calls.get(json.index as number);
            if (!call) return [];
            calls.delete(json.index as number);
            return [{ id: call.id, name: call.name, arguments: call.json.trim() || "{}" } satisfies ToolCall];
          }
          case "message_delta": {
            const usage = json.usage as { output_tokens?: number } | undefined;
            if (typeof usage?.output_tokens === "number") output = usage.output_tokens;
            return [];
          }
          case "message_stop":
            return null;
          case "error": {
            const error = json.error as { type?: string; message?: string } | undefined;
            const retryable = error?.type === "overloaded_error" || error?.type === "api_error" || error?.type === "rate_limit_error";
            throw providerError(ref, retryable ? "transient" : "bad_request", error?.message ?? error?.type ?? "stream error");
          }
          default:
            return [];
        }
      },
      usage: () => (input === null ? null : { inputTokens: input, outputTokens: output }),
    };
  };
}

export function createAnthropicLlm(config: ProviderConfig, options: AdapterOptions): LlmProvider {
  const endpoint = resolveEndpoint("ai", config);
  const ref = { kind: "ai" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = { "x-api-key": config.apiKey, "anthropic-version": ANTHROPIC_VERSION };
  // Required by the API; the catalogue default keeps spoken answers short.
  const maxTokens = extraParam<number>("ai", config, "maxTokens") ?? 300;

  return {
    providerId: config.providerId,
    model: config.model,
    prewarm: () => prewarmHttp(ref, { url: new URL(`${endpoint.base}/v1/models/${encodeURIComponent(config.model)}`), headers, guarded: endpoint.guarded }, options),
    chat(messages, signal, chatOptions) {
      const { system, turns } = splitTurns(messages);
      const body: Record<string, unknown> = { model: config.model, max_tokens: chatOptions?.maxTokens ?? maxTokens, messages: turns.map(wireTurn), stream: true };
      if (system) body.system = system;
      if (chatOptions?.tools?.length) body.tools = chatOptions.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
      return streamChat(ref, { url: new URL(`${endpoint.base}/v1/messages`), headers, body, guarded: endpoint.guarded }, decoder(ref), options, signal);
    },
  };
}

/** A turn as a Messages API message: plain text as a string, anything with tools as content blocks. */
function wireTurn(turn: Turn) {
  const text = plainText(turn);
  if (text !== null) return { role: turn.role, content: text };
  return {
    role: turn.role,
    content: turn.parts.map((p) =>
      "text" in p
        ? { type: "text", text: p.text }
        : "call" in p
          ? { type: "tool_use", id: p.call.id, name: p.call.name, input: parseArguments(p.call.arguments) ?? {} }
          : { type: "tool_result", tool_use_id: p.result.callId, content: p.result.content, ...(p.result.isError ? { is_error: true } : {}) },
    ),
  };
}
