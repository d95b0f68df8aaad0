import { parseArguments } from "../tool-arguments.ts";
import type { ChatMessage, ToolCall } from "../types.ts";
import type { ToolCallRecord } from "../../meetings/run-output.ts";
import type { AgentTools, ToolContext } from "../../tools/types.ts";

export interface ToolLimits {
  timeoutMs: number;
  maxResultChars: number;
}

export interface ToolOutcome {
  /** The `tool` message the model gets next (always one per call, or the request would be refused). */
  message: ChatMessage;
  record: ToolCallRecord;
}

/** Why a call did not finish, said briefly for the model and the meeting's records. */
const short = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** A call that is not run (too many at once): the model is told why. */
export function refusedCall(call: ToolCall, context: ToolContext, reason: string, now: () => number): ToolOutcome {
  const startMs = now();
  return {
    message: { role: "tool", content: `Error: not run: ${reason}.`, toolResult: { callId: call.id, name: call.name, isError: true } },
    record: { turnId: context.turnId, name: call.name, arguments: parseArguments(call.arguments) ?? {}, startMs, durationMs: 0, ok: false, error: reason },
  };
}

/**
 * Runs one call the model made, bounded: it ends by `limits.timeoutMs` even if the tool ignores its
 * signal, its result is cut to `limits.maxResultChars`, and it never rejects: a failure becomes an
 * error result the model can talk about. Aborting `signal` (barge-in) abandons it.
 */
export async function runToolCall(tools: AgentTools, call: ToolCall, context: ToolContext, signal: AbortSignal, limits: ToolLimits, now: () => number): Promise<ToolOutcome> {
  const startMs = now();
  const args = parseArguments(call.arguments);
  const outcome = (ok: boolean, content: string, extra: Partial<ToolCallRecord> = {}): ToolOutcome => ({
    message: { role: "tool", content, toolResult: { callId: call.id, name: call.name, isError: !ok } },
    record: { turnId: context.turnId, name: call.name, arguments: args ?? {}, startMs, durationMs: Math.max(0, now() - startMs), ok, ...extra },
  });
  if (!args) return outcome(false, "Error: the arguments were not a JSON object.", { error: "arguments were not a JSON object" });
  if (!tools.specs.some((s) => s.name === call.name)) return outcome(false, `Error: there is no tool named ${call.name}.`, { error: "no such tool" });

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
  stopped.catch(() => {});
  try {
    if (signal.aborted) throw new Error("aborted");
    const result = await Promise.race([tools.run(call.name, args, context, controller.signal), stopped]);
    const text = result.text.length > limits.maxResultChars ? `${result.text.slice(0, limits.maxResultChars)}… (cut: the result had ${result.text.length} characters)` : result.text;
    if (result.isError) return outcome(false, `Error: ${text}`, { error: short(result.text.trim() || "the tool reported an error") });
    return outcome(true, text);
  } catch (err) {
    if (signal.aborted) return outcome(false, "Error: abandoned.", { error: "abandoned", abandoned: true });
    if (timedOut) return outcome(false, `Error: the tool did not answer within ${Math.round(limits.timeoutMs / 100) / 10} seconds.`, { error: "timed out" });
    const reason = short(err instanceof Error ? err.message : String(err));
    return outcome(false, `Error: ${reason}`, { error: reason });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}
