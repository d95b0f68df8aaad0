import { randomBytes } from "node:crypto";
import type { FakeAnswer, FakeState } from "./state.ts";

// Function calling as each vendor speaks it, for the fake LLMs (llm.ts, anthropic.ts): what a
// request may carry (tool definitions, the calls and results of earlier rounds) with the errors the
// real APIs send, and how each streams a call. Checked against the vendors' SDKs in
// test/voice/providers/sdk/*-tools.test.ts.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const id = (prefix: string, length = 24) => `${prefix}${randomBytes(length).toString("base64url").slice(0, length)}`;

/** Cuts a call's argument JSON into the fragments a streaming API sends. */
export function argumentFragments(json: string): string[] {
  if (json.length < 8) return [json];
  const third = Math.ceil(json.length / 3);
  return [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)];
}

/** A scripted call must name a tool the request offered, unless the script says the model names another. */
export function unofferedCall(answer: FakeAnswer, offered: string[]): string | null {
  if (answer.unoffered) return null;
  const missing = answer.calls.find((c) => !offered.includes(c.name));
  return missing ? `The fake was scripted to call "${missing.name}", but the request offered ${offered.length ? offered.join(", ") : "no tools"}` : null;
}

// ---------- OpenAI Chat Completions ----------

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface OpenAiProblem {
  message: string;
  param: string | null;
  code: string | null;
}

/** The tool names a Chat Completions request offers, or the API's refusal of its `tools`/`tool_calls`/tool messages. */
export function openAiTools(body: Json): { offered: string[] } | { problem: OpenAiProblem } {
  const offered: string[] = [];
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return { problem: { message: "Invalid type for 'tools': expected an array, but got an object instead.", param: "tools", code: "invalid_type" } };
    for (const [i, tool] of body.tools.entries()) {
      const fn = isObject(tool) ? tool.function : undefined;
      if (!isObject(tool) || tool.type !== "function" || !isObject(fn)) return { problem: { message: `Missing required parameter: 'tools[${i}].function'.`, param: `tools[${i}].function`, code: "missing_required_parameter" } };
      if (typeof fn.name !== "string" || !OPENAI_NAME.test(fn.name)) {
        return { problem: { message: `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param: `tools[${i}].function.name`, code: "invalid_value" } };
      }
      if (fn.parameters !== undefined && (!isObject(fn.parameters) || fn.parameters.type !== "object")) {
        return { problem: { message: `Invalid schema for function '${fn.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${isObject(fn.parameters) ? String(fn.parameters.type) : "None"}"'.`, param: `tools[${i}].function.parameters`, code: "invalid_function_parameters" } };
      }
      offered.push(fn.name);
    }
  }
  // Every assistant message with tool_calls is followed by one tool message per call, and a tool
  // message answers a call of the assistant message before it.
  const messages = (body.messages as Json[]) ?? [];
  let open: string[] = [];
  for (const [i, m] of messages.entries()) {
    if (m.role === "tool") {
      if (typeof m.tool_call_id !== "string") return { problem: { message: `Missing required parameter: 'messages[${i}].tool_call_id'.`, param: `messages[${i}].tool_call_id`, code: "missing_required_parameter" } };
      if (!open.includes(m.tool_call_id)) return { problem: { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role`, code: null } };
      open = open.filter((c) => c !== m.tool_call_id);
      continue;
    }
    if (open.length) {
      return { problem: { message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(", ")}`, param: "messages", code: null } };
    }
    if (m.role === "assistant" && m.tool_calls !== undefined) {
      if (!Array.isArray(m.tool_calls)) return { problem: { message: `Invalid type for 'messages[${i}].tool_calls': expected an array.`, param: `messages[${i}].tool_calls`, code: "invalid_type" } };
      for (const [j, c] of m.tool_calls.entries()) {
        const fn = isObject(c) ? c.function : undefined;
        if (!isObject(c) || typeof c.id !== "string" || c.type !== "function" || !isObject(fn) || typeof fn.name !== "string" || typeof fn.arguments !== "string") {
          return { problem: { message: `Invalid 'messages[${i}].tool_calls[${j}]': expected {id, type: 'function', function: {name, arguments (string)}}.`, param: `messages[${i}].tool_calls[${j}]`, code: "invalid_value" } };
        }
        open.push(c.id);
      }
    }
  }
  if (open.length) {
    return { problem: { message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(", ")}`, param: "messages", code: null } };
  }
  return { offered };
}

/** The streamed deltas of an answer's calls (after its text), as Chat Completions sends them. */
export function openAiCallDeltas(answer: FakeAnswer): Json[] {
  return answer.calls.flatMap((call, index) => {
    const json = JSON.stringify(call.arguments);
    return [
      { tool_calls: [{ index, id: id("call_"), type: "function", function: { name: call.name, arguments: "" } }] },
      ...argumentFragments(json).map((fragment) => ({ tool_calls: [{ index, function: { arguments: fragment } }] })),
    ];
  });
}

/** A non-streamed answer's calls. */
export function openAiCalls(answer: FakeAnswer): Json[] {
  return answer.calls.map((call) => ({ id: id("call_"), type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments) } }));
}

// ---------- Anthropic Messages ----------

const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
type Block = Json & { type?: unknown };

/** The tool names an Anthropic request offers, or the API's refusal of its tools, tool_use and tool_result blocks. */
export function anthropicTools(body: Json): { offered: string[] } | { problem: string } {
  const offered: string[] = [];
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return { problem: "tools: Input should be a valid list" };
    for (const [i, tool] of body.tools.entries()) {
      if (!isObject(tool)) return { problem: `tools.${i}: Input should be a valid dictionary` };
      for (const key of Object.keys(tool)) if (!["name", "description", "input_schema", "cache_control", "type"].includes(key)) return { problem: `tools.${i}.custom.${key}: Extra inputs are not permitted` };
      if (typeof tool.name !== "string" || !ANTHROPIC_NAME.test(tool.name)) return { problem: `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'` };
      if (!isObject(tool.input_schema)) return { problem: `tools.${i}.custom.input_schema: Field required` };
      if (tool.input_schema.type !== "object") return { problem: `tools.${i}.custom.input_schema.type: Input should be 'object'` };
      offered.push(tool.name);
    }
  }
  const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
  const blocks = (content: unknown): Block[] => (Array.isArray(content) ? (content as Block[]) : []);
  const usesTools = messages.some((m) => blocks(m.content).some((b) => b.type === "tool_use" || b.type === "tool_result"));
  if (usesTools && offered.length === 0) return { problem: "Requests which include `tool_use` or `tool_result` blocks must define tools." };
  for (const [i, m] of messages.entries()) {
    const uses = blocks(m.content).filter((b) => b.type === "tool_use");
    for (const [j, b] of blocks(m.content).entries()) {
      if (b.type === "tool_use" && (m.role !== "assistant" || typeof b.id !== "string" || typeof b.name !== "string" || !isObject(b.input))) return { problem: `messages.${i}.content.${j}.tool_use: a tool_use block needs id, name and an input object, in an assistant message` };
      if (b.type === "tool_result" && (m.role !== "user" || typeof b.tool_use_id !== "string")) return { problem: `messages.${i}.content.${j}.tool_result: a tool_result block needs tool_use_id, in a user message` };
    }
    const results = blocks(m.content).filter((b) => b.type === "tool_result");
    if (results.length) {
      const previous = blocks(messages[i - 1]?.content).filter((b) => b.type === "tool_use").map((b) => b.id);
      const stray = results.find((r) => !previous.includes(r.tool_use_id));
      if (stray) return { problem: `messages.${i}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.` };
      const firstOther = blocks(m.content).findIndex((b) => b.type !== "tool_result");
      if (firstOther !== -1 && blocks(m.content).slice(firstOther).some((b) => b.type === "tool_result")) return { problem: `messages.${i}: \`tool_result\` blocks must come first in the content, before any other block.` };
    }
    if (uses.length) {
      const answered = blocks(messages[i + 1]?.content).filter((b) => b.type === "tool_result").map((b) => b.tool_use_id);
      const missing = uses.filter((u) => !answered.includes(u.id)).map((u) => String(u.id));
      if (missing.length) return { problem: `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.` };
    }
  }
  return { offered };
}

/** An answer's calls as tool_use blocks, with the ids the stream and the final message share. */
export function anthropicToolUses(answer: FakeAnswer): { id: string; name: string; input: Json }[] {
  return answer.calls.map((call) => ({ id: id("toolu_01", 22), name: call.name, input: call.arguments }));
}

// ---------- Gemini ----------

const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
/** Thought signatures the fake handed out: a later request must give each back on its call. */
const signatures = new WeakMap<FakeState, Set<string>>();

type Part = Json & { functionCall?: Json; functionResponse?: Json; thoughtSignature?: unknown };

/** The function names a Gemini request declares, or the API's refusal of its tools, calls and responses. */
export function geminiTools(state: FakeState, body: Json): { offered: string[] } | { problem: string } {
  const offered: string[] = [];
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return { problem: "Invalid JSON payload received. Unknown name \"tools\": Proto field is not repeating, cannot start list." };
    for (const [i, tool] of body.tools.entries()) {
      const declarations = isObject(tool) ? tool.functionDeclarations : undefined;
      if (!Array.isArray(declarations)) continue;
      for (const [j, d] of declarations.entries()) {
        const at = `tools[${i}].function_declarations[${j}]`;
        if (!isObject(d) || typeof d.name !== "string" || !GEMINI_NAME.test(d.name)) {
          return { problem: `* GenerateContentRequest.${at}.name: Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64.` };
        }
        if (d.parameters !== undefined && d.parametersJsonSchema !== undefined) return { problem: `* GenerateContentRequest.${at}: parameters and parameters_json_schema cannot both be set` };
        const schema = d.parametersJsonSchema ?? d.parameters;
        if (schema !== undefined && (!isObject(schema) || String(schema.type).toLowerCase() !== "object")) return { problem: `* GenerateContentRequest.${at}.parameters.type: must be OBJECT for function parameters` };
        if (isObject(d.parameters) && ("$schema" in d.parameters || "additionalProperties" in d.parameters)) {
          return { problem: `Invalid JSON payload received. Unknown name "${"$schema" in d.parameters ? "$schema" : "additionalProperties"}" at '${at.replace(/\[(\d+)\]/g, "[$1]")}.parameters': Cannot find field.` };
        }
        offered.push(d.name);
      }
    }
  }
  const contents = (body.contents as { role: string; parts?: Part[] }[]) ?? [];
  const issued = signatures.get(state) ?? new Set<string>();
  for (const [i, c] of contents.entries()) {
    const calls = (c.parts ?? []).filter((p) => p.functionCall);
    const responses = (c.parts ?? []).filter((p) => p.functionResponse);
    if (calls.length && c.role !== "model") return { problem: "Please ensure that function call turns come from the model." };
    if (calls.length && !calls.some((p) => typeof p.thoughtSignature === "string" && issued.has(p.thoughtSignature))) {
      return { problem: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${String(calls[0].functionCall!.name)}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.` };
    }
    if (responses.length) {
      const before = contents[i - 1];
      const previousCalls = (before?.parts ?? []).filter((p) => p.functionCall);
      if (c.role !== "user" || before?.role !== "model" || previousCalls.length === 0) return { problem: "Please ensure that function response turn comes immediately after a function call turn." };
      if (previousCalls.length !== responses.length) return { problem: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn." };
      for (const r of responses) if (typeof r.functionResponse!.name !== "string" || !isObject(r.functionResponse!.response)) return { problem: "* GenerateContentRequest.contents[].parts[].function_response: name and response (an object) are required" };
    }
  }
  return { offered };
}

/** An answer's calls as the parts of one streamed event; the first carries a thought signature (Gemini 3). */
export function geminiCallParts(state: FakeState, answer: FakeAnswer): Part[] {
  return answer.calls.map((call, i) => {
    const part: Part = { functionCall: { name: call.name, args: call.arguments } };
    if (i === 0) {
      const signature = randomBytes(24).toString("base64");
      if (!signatures.has(state)) signatures.set(state, new Set());
      signatures.get(state)!.add(signature);
      part.thoughtSignature = signature;
    }
    return part;
  });
}
