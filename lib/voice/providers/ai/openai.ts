import type { LlmProvider, ProviderConfig } from "../../types.ts";
import { resolveEndpoint } from "../endpoint.ts";
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

function decoder(ref: ProviderRef): () => ChatDecoder {
  return () => {
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    return {
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
        const choice = (json.choices as { delta?: { content?: unknown } }[] | undefined)?.[0];
        const content = choice?.delta?.content;
        return typeof content === "string" ? [content] : [];
      },
      usage: () => usage,
    };
  };
}

export function createOpenAiChatLlm(config: ProviderConfig, options: AdapterOptions): LlmProvider {
  const endpoint = resolveEndpoint("ai", config);
  const base = config.providerId === "openai" ? `${endpoint.base}/v1` : config.providerId === "groq" ? `${endpoint.base}/openai/v1` : endpoint.base;
  const ref = { kind: "ai" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = { authorization: `Bearer ${config.apiKey}` };
  const temperature = extraParam<number>("ai", config, "temperature");
  const maxTokens = extraParam<number>("ai", config, "maxTokens");
  // OpenAI and Groq name the cap max_completion_tokens (max_tokens is deprecated, and refused by
  // reasoning models); servers that merely copy the API mostly still know only max_tokens.
  const maxTokensField = config.providerId === "openai-compatible" ? "max_tokens" : "max_completion_tokens";

  return {
    providerId: config.providerId,
    model: config.model,
    prewarm: () => prewarmHttp(ref, { url: new URL(`${base}/models`), headers, guarded: endpoint.guarded }, options),
    chat(messages, signal) {
      const body: Record<string, unknown> = {
        model: config.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        stream: true,
        stream_options: { include_usage: true },
      };
      if (temperature !== undefined) body.temperature = temperature;
      if (maxTokens !== undefined) body[maxTokensField] = maxTokens;
      return streamChat(ref, { url: new URL(`${base}/chat/completions`), headers, body, guarded: endpoint.guarded }, decoder(ref), options, signal);
    },
  };
}
