import type { ChatLine } from "../types.ts";
import type { Responder } from "./responder.ts";
import type { Conversation } from "./session-context.ts";
import { containsWakeWord } from "./wake-word.ts";

export interface ChatTurnsOptions extends Conversation {
  responder: Responder;
  agentName: string;
  wakeWord: string | null;
  /** False once the session stops: lines still become transcript, not questions. */
  running: () => boolean;
}

/** Longest chat line kept (the rest is cut): a chat line is a question, not a document. */
export const CHAT_LINE_MAX_CHARS = 2_000;

/** Whether a chat line is meant for the agent: it names the agent or carries the wake word, as whole words. */
export function addressesAgent(text: string, agentName: string, wakeWord: string | null): boolean {
  return containsWakeWord(text, agentName) || (wakeWord !== null && containsWakeWord(text, wakeWord));
}

/**
 * The meeting's chat as the agent reads it (docs/bots.md, "Chat"): every line is a transcript line
 * marked as chat and part of the meeting the agent remembers; a line that addresses the agent (its
 * name or wake word; with manual activation only while activated) is a question, answered through
 * the same responder as a spoken turn — the same tools, rights (of the sender's identity, never a
 * name) and usage — in the chat.
 */
export function chatTurns(o: ChatTurnsOptions): (line: ChatLine) => void {
  return (line) => {
    const text = line.text.trim().slice(0, CHAT_LINE_MAX_CHARS);
    if (!text) return;
    const at = o.now();
    const speaker = line.senderName.trim() || "Participant";
    o.emit({ type: "transcript", segment: { speaker, speakerId: line.senderId, isAgent: false, text, startMs: at, endMs: at, chat: true } });
    o.history.push({ speaker: `${speaker} (in the chat)`, isAgent: false, text });
    if (!o.running()) return;
    const addressed = addressesAgent(text, o.agentName, o.wakeWord);
    const outcome = !addressed ? "not_addressed" : o.gate.manualMode && !o.gate.manualActive ? "not_activated" : o.responder.replying && !o.responder.interruptible ? "busy" : "answered";
    o.log("chat_turn", { outcome, words: text.split(/\s+/).length });
    if (outcome !== "answered") return;
    // One reply at a time: a question typed while the agent answers another replaces it.
    if (o.responder.replying) o.responder.interrupt();
    o.responder.answer({ text, startMs: at, endMs: at, endedAt: at, finalAt: at, chat: { senderName: speaker, senderId: line.senderId } });
  };
}
