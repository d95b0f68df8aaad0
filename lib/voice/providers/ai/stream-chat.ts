import type { LlmChunk, ToolCall } from "../../types.ts";
import type { ProviderRef } from "../errors.ts";
import { release, send, streamBody } from "../http.ts";
import type { AdapterOptions } from "../options.ts";
import { AbortedError, backoffDelay, isRetryable, sleep } from "../retry.ts";
import { readSse, type SseEvent } from "../sse.ts";

/** Reads one provider's SSE dialect. */
export interface ChatDecoder {
  /**
   * Text deltas and completed tool calls in this event, in order; null when the event ends the
   * answer. Throws a ProviderError for in-stream errors.
   */
  event(ev: SseEvent): (string | ToolCall)[] | null;
  /** Calls still being assembled when the answer ended (dialects that do not mark a call's end). */
  end?(): ToolCall[];
  usage(): { inputTokens: number; outputTokens: number } | null;
}

interface ChatRequest {
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  guarded: boolean;
}

/**
 * Streams one reply. Failures before the first token (429, 5xx, timeouts, a dropped connection) are
 * retried with back-off; after it, a retry would repeat words already spoken, so the error is thrown.
 * Aborting `signal` destroys the request at once and ends the iteration quietly; so does the consumer
 * breaking out of its loop. Usage comes last, once the provider has reported it.
 */
export async function* streamChat(ref: ProviderRef, request: ChatRequest, makeDecoder: () => ChatDecoder, options: AdapterOptions, signal: AbortSignal): AsyncGenerator<LlmChunk> {
  const body = JSON.stringify(request.body);
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) return;
    const decoder = makeDecoder();
    let spoke = false;
    try {
      const res = await send(ref, {
        method: "POST",
        url: request.url,
        headers: { ...request.headers, "content-type": "application/json", accept: "text/event-stream" },
        body,
        guarded: request.guarded,
        signal,
        timeoutMs: options.connectTimeoutMs,
      });
      let finished = false;
      try {
        for await (const ev of readSse(streamBody(ref, res, { idleMs: options.idleTimeoutMs, signal }))) {
          if (finished) continue;
          const texts = decoder.event(ev);
          if (texts === null) {
            // Read on to the end of the body (it follows at once) so the connection is reused.
            finished = true;
            release(res);
            continue;
          }
          for (const part of texts) {
            if (!part) continue;
            spoke = true;
            yield typeof part === "string" ? { type: "text", delta: part } : { type: "tool_call", call: part };
          }
        }
      } catch (err) {
        if (!finished) throw err;
      }
      if (signal.aborted) return;
      for (const call of decoder.end?.() ?? []) yield { type: "tool_call", call };
      const usage = decoder.usage();
      if (usage) yield { type: "usage", ...usage };
      return;
    } catch (err) {
      if (signal.aborted || err instanceof AbortedError) return;
      if (spoke || !isRetryable(err) || attempt >= options.retry.attempts) {
        if (isRetryable(err)) options.log({ provider: ref.providerId, kind: ref.kind, event: spoke ? "dropped" : "chat_gave_up", attempt, error: (err as Error).message });
        throw err;
      }
      const delayMs = backoffDelay(options.retry, attempt);
      options.log({ provider: ref.providerId, kind: ref.kind, event: "chat_retry", attempt, delayMs, status: (err as { status?: number }).status, error: (err as Error).message });
      try {
        await sleep(delayMs, signal);
      } catch {
        return;
      }
    }
  }
}

/** Parses an event's JSON data; malformed data is skipped like a comment. */
export function eventJson(ev: SseEvent): Record<string, unknown> | null {
  try {
    const json = JSON.parse(ev.data);
    return json && typeof json === "object" ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
