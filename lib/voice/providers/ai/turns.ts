import type { ChatMessage, ToolCall } from "../../types.ts";

/** A piece of a turn: text, a call the assistant made, or a call's result (which the user side carries). */
export type TurnPart = { text: string } | { call: ToolCall } | { result: { callId: string; name: string; isError: boolean; content: string } };

export interface Turn {
  role: "user" | "assistant";
  parts: TurnPart[];
}

/**
 * Anthropic and Gemini take the instructions apart from the conversation, and want the conversation
 * to alternate and open with the user. A meeting has many speakers in a row (the pipeline labels
 * each), so consecutive messages of one role are joined (adjacent text with a newline), and a
 * leading assistant line gets a user turn before it. Tool results belong to the user side, right
 * after the assistant's calls, ahead of any text that follows them.
 */
export function splitTurns(messages: ChatMessage[]): { system: string; turns: Turn[] } {
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  const turns: Turn[] = [];
  const add = (role: Turn["role"], part: TurnPart) => {
    let last = turns[turns.length - 1];
    if (!last || last.role !== role) turns.push((last = { role, parts: [] }));
    const previous = last.parts[last.parts.length - 1];
    if ("text" in part && previous && "text" in previous) previous.text += `\n${part.text}`;
    else last.parts.push(part);
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "tool") {
      if (m.toolResult) add("user", { result: { ...m.toolResult, content: m.content } });
      continue;
    }
    if (m.content) add(m.role, { text: m.content });
    for (const call of m.toolCalls ?? []) add("assistant", { call });
  }
  if (turns.length === 0 || turns[0].role !== "user") turns.unshift({ role: "user", parts: [{ text: "(The meeting continues.)" }] });
  return { system, turns };
}

/** A turn's text when it holds nothing else (then it goes on the wire as a plain string). */
export function plainText(turn: Turn): string | null {
  return turn.parts.every((p) => "text" in p) ? turn.parts.map((p) => (p as { text: string }).text).join("\n") : null;
}
