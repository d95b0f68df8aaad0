import type { AgentVoiceConfig, ChatMessage, ToolCall } from "../types.ts";
import type { ToolExchange } from "./reply.ts";
import { CONTEXT_TRANSCRIPT_CHARS } from "./tuning.ts";

/**
 * One line of the meeting as the agent knows it: a person's turn, the agent's reply as heard, or a
 * round of the agent's tool calls with their results (just before the reply that made them).
 */
export interface HistoryEntry {
  speaker: string;
  isAgent: boolean;
  text: string;
  tools?: ToolExchange;
}

/** What an entry costs of the context budget, in characters. */
function entrySize(e: HistoryEntry): number {
  if (!e.tools) return e.speaker.length + e.text.length + 3;
  return e.tools.calls.reduce((n, c) => n + c.name.length + c.arguments.length, 0) + e.tools.results.reduce((n, r) => n + r.content.length, 0);
}

/**
 * The meeting as the agent remembers it, for the prompts of its replies. A meeting can last hours:
 * past `maxChars` the oldest lines go. The default keeps twice what a prompt uses, so a long
 * meeting costs bounded memory and buildMessages still knows that earlier parts were left out.
 */
export class MeetingHistory {
  readonly entries: HistoryEntry[] = [];
  private chars = 0;
  private readonly maxChars: number;

  constructor(maxChars = 2 * CONTEXT_TRANSCRIPT_CHARS) {
    this.maxChars = maxChars;
  }

  push(entry: HistoryEntry): void {
    this.entries.push(entry);
    this.chars += entrySize(entry);
    while (this.chars > this.maxChars && this.entries.length > 1) this.chars -= entrySize(this.entries.shift()!);
  }
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** "German" for "de"; the tag itself if the runtime does not know it. */
export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The system prompt: who the agent is, its instructions, its language and how to speak. */
export function systemPrompt(agent: Pick<AgentVoiceConfig, "name" | "instructions" | "language">, withTools = false): string {
  const parts = [
    `You are ${agent.name}, an AI assistant taking part in a live meeting by voice.`,
    agent.instructions.trim() ? `Your instructions:\n${agent.instructions.trim()}` : "",
    `Always answer in ${languageName(agent.language)}.`,
    "Everything you write is spoken aloud: answer briefly in plain spoken sentences, without markdown, lists, emoji or links.",
    'The meeting so far follows. People\'s lines read "Name: what they said". Your own earlier replies are exactly what the meeting heard; a reply that stops short was interrupted.',
    withTools ? "Use your tools when they help. Say their results in words, briefly. If a tool fails, say so in one short sentence." : "",
  ];
  return parts.filter(Boolean).join("\n\n");
}

/**
 * The LLM request for the agent's next reply: the system prompt, then the meeting as alternating
 * user/assistant messages (people's consecutive lines merged into one user message, each line
 * labelled with its speaker; the agent's replies as assistant messages), newest last, left-trimmed
 * to `budgetChars` of transcript. It always starts with a user message, as every chat API accepts;
 * it ends with one because the newest entry is the turn being answered.
 */
export function buildMessages(
  agent: Pick<AgentVoiceConfig, "name" | "instructions" | "language">,
  history: readonly HistoryEntry[],
  budgetChars = CONTEXT_TRANSCRIPT_CHARS,
  withTools = false,
  /** Which earlier tool rounds this request may carry (a speaker does not get the results of tools they may not use). */
  keepRound: (calls: ToolCall[]) => boolean = () => true,
): ChatMessage[] {
  // Newest first until the budget is spent; the newest entry is always kept, cut if need be. A tool
  // round is kept or left out whole (every call needs its result).
  const kept: HistoryEntry[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i];
    const size = entrySize(e);
    if (used + size > budgetChars && (kept.length > 0 || e.tools)) break;
    kept.unshift(used + size > budgetChars ? { ...e, text: `…${e.text.slice(e.text.length - budgetChars)}` } : e);
    used += size;
  }
  const omitted = kept.length < history.length;

  const messages: ChatMessage[] = [{ role: "system", content: systemPrompt(agent, withTools) }];
  for (const e of kept) {
    if (e.tools) {
      // A reply without tools (this speaker may use none) cannot carry tool rounds: every API refuses
      // them. Nor does a speaker get the results of tools they may not use (the owner's calendar): what
      // the agent said about them stays, as everyone heard it.
      if (!withTools || !keepRound(e.tools.calls)) continue;
      messages.push({ role: "assistant", content: "", toolCalls: e.tools.calls }, ...e.tools.results);
      continue;
    }
    const role = e.isAgent ? "assistant" : "user";
    const line = e.isAgent ? e.text : `${e.speaker}: ${e.text}`;
    const last = messages[messages.length - 1];
    if (last.role === role && !last.toolCalls) last.content += `\n${line}`;
    else messages.push({ role, content: line });
  }
  if (omitted || messages[1]?.role !== "user") {
    const note = omitted ? "(Earlier parts of the meeting are left out.)" : "(The meeting has started.)";
    if (messages[1]?.role === "user") messages[1].content = `${note}\n${messages[1].content}`;
    else messages.splice(1, 0, { role: "user", content: note });
  }
  return messages;
}
