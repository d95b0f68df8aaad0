import type { ChatMessage } from "../../types.ts";

/**
 * Anthropic and Gemini take the instructions apart from the conversation, and want the conversation
 * to alternate and open with the user. A meeting has many speakers in a row (the pipeline labels
 * each), so consecutive messages of one role are joined, and a leading assistant line gets a user turn
 * before it.
 */
export function splitTurns(messages: ChatMessage[]): { system: string; turns: { role: "user" | "assistant"; content: string }[] } {
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  const turns: { role: "user" | "assistant"; content: string }[] = [];
  for (const m of messages) {
    if (m.role === "system" || m.role === "tool" || !m.content) continue;
    const last = turns[turns.length - 1];
    if (last && last.role === m.role) last.content += `\n${m.content}`;
    else turns.push({ role: m.role, content: m.content });
  }
  if (turns.length === 0 || turns[0].role !== "user") turns.unshift({ role: "user", content: "(The meeting continues.)" });
  return { system, turns };
}
