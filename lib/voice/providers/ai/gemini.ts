import { parseArguments } from "../../tool-arguments.ts";
import type { LlmProvider, ProviderConfig, ToolCall } from "../../types.ts";
import { resolveEndpoint } from "../endpoint.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import { extraParam } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { prewarmHttp } from "../prewarm.ts";
import { eventJson, streamChat, type ChatDecoder } from "./stream-chat.ts";
import { splitTurns, type Turn } from "./turns.ts";

// Gemini API (ai.google.dev/api/generate-content): POST /v1beta/models/{model}:streamGenerateContent?alt=sse
// with the key in `x-goog-api-key` (a header keeps it out of URLs and proxy logs). Each SSE event is a
// GenerateContentResponse: candidates[0].content.parts[].text (thought parts skipped), usageMetadata
// (cumulative; the last one counts). The stream simply ends. A wrong key is 400 API_KEY_INVALID.
// Function calling: `tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]`
// (JSON Schema as MCP servers give it; `parameters` takes only an OpenAPI subset); a call arrives
// whole as a `functionCall` part (id optional), the first carrying a `thoughtSignature` that must
// come back with it; results go back as `functionResponse` parts of the next user turn, one per call.

/** Ids Cohost made up for calls that came without one: they are not sent back. */
const OWN_ID = "cohost-call-";

function decoder(ref: ProviderRef): () => ChatDecoder {
  return () => {
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    let calls = 0;
    return {
      event(ev) {
        const json = eventJson(ev);
        if (!json) return [];
        if (json.error) {
          const error = json.error as { code?: number; message?: string };
          throw providerError(ref, (error.code ?? 500) >= 500 ? "transient" : "bad_request", error.message ?? "stream error", error.code);
        }
        const meta = json.usageMetadata as { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number } | undefined;
        // Thinking tokens are billed as output.
        if (meta) usage = { inputTokens: meta.promptTokenCount ?? 0, outputTokens: (meta.candidatesTokenCount ?? 0) + (meta.thoughtsTokenCount ?? 0) };
        type Part = { text?: string; thought?: boolean; thoughtSignature?: string; functionCall?: { id?: string; name?: string; args?: unknown } };
        const parts = (json.candidates as { content?: { parts?: Part[] } }[] | undefined)?.[0]?.content?.parts ?? [];
        return parts.flatMap((p): (string | ToolCall)[] => {
          if (p.functionCall) {
            const call: ToolCall = { id: p.functionCall.id ?? `${OWN_ID}${++calls}`, name: p.functionCall.name ?? "", arguments: JSON.stringify(p.functionCall.args ?? {}) };
            if (p.thoughtSignature) call.signature = p.thoughtSignature;
            return [call];
          }
          return !p.thought && typeof p.text === "string" ? [p.text] : [];
        });
      },
      usage: () => usage,
    };
  };
}

export function createGeminiLlm(config: ProviderConfig, options: AdapterOptions): LlmProvider {
  const endpoint = resolveEndpoint("ai", config);
  const ref = { kind: "ai" as const, providerId: config.providerId, apiKey: config.apiKey };
  const headers = { "x-goog-api-key": config.apiKey };
  const model = encodeURIComponent(config.model);
  const generationConfig: Record<string, unknown> = {};
  const temperature = extraParam<number>("ai", config, "temperature");
  if (temperature !== undefined) generationConfig.temperature = temperature;
  const maxTokens = extraParam<number>("ai", config, "maxTokens");
  if (maxTokens !== undefined) generationConfig.maxOutputTokens = maxTokens;
  const thinkingBudget = extraParam<number>("ai", config, "thinkingBudget");
  // Pro models cannot switch thinking off (budget 0 is refused): there 0 means "leave the default".
  if (thinkingBudget !== undefined && !(thinkingBudget === 0 && config.model.includes("-pro"))) generationConfig.thinkingConfig = { thinkingBudget };

  return {
    providerId: config.providerId,
    model: config.model,
    prewarm: () => prewarmHttp(ref, { url: new URL(`${endpoint.base}/v1beta/models/${model}`), headers, guarded: endpoint.guarded }, options),
    chat(messages, signal, chatOptions) {
      const { system, turns } = splitTurns(messages);
      const body: Record<string, unknown> = {
        contents: turns.map(wireTurn),
        generationConfig: chatOptions?.maxTokens ? { ...generationConfig, maxOutputTokens: chatOptions.maxTokens } : generationConfig,
      };
      if (system) body.systemInstruction = { parts: [{ text: system }] };
      if (chatOptions?.tools?.length) {
        body.tools = [{ functionDeclarations: chatOptions.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })) }];
      }
      return streamChat(
        ref,
        { url: new URL(`${endpoint.base}/v1beta/models/${model}:streamGenerateContent?alt=sse`), headers, body, guarded: endpoint.guarded },
        decoder(ref),
        options,
        signal,
      );
    },
  };
}

function wireTurn(turn: Turn) {
  return {
    role: turn.role === "assistant" ? "model" : "user",
    parts: turn.parts.map((p) => {
      if ("text" in p) return { text: p.text };
      const own = (id: string) => (id.startsWith(OWN_ID) ? {} : { id });
      if ("call" in p) {
        return { functionCall: { name: p.call.name, args: parseArguments(p.call.arguments) ?? {}, ...own(p.call.id) }, ...(p.call.signature ? { thoughtSignature: p.call.signature } : {}) };
      }
      return { functionResponse: { name: p.result.name, response: p.result.isError ? { error: p.result.content } : { result: p.result.content }, ...own(p.result.callId) } };
    }),
  };
}
