import type { Agent } from "../generated/prisma/client.ts";

// The line an agent writes in the meeting's chat when it is let in (docs/bots.md, "Chat"): how the
// people in a meeting learn that it is there and transcribes, and for whom. The agent form shows the
// default and lets the owner write another or switch it off.

const DEFAULTS: Record<string, (agent: string, owner: string) => string> = {
  en: (a, o) => `${a} (Cohost) is here to help and transcribes this meeting for ${o}.`,
  de: (a, o) => `${a} (Cohost) ist hier, um zu helfen, und schreibt dieses Meeting für ${o} mit.`,
  es: (a, o) => `${a} (Cohost) está aquí para ayudar y transcribe esta reunión para ${o}.`,
  fr: (a, o) => `${a} (Cohost) est là pour aider et transcrit cette réunion pour ${o}.`,
  it: (a, o) => `${a} (Cohost) è qui per aiutare e trascrive questa riunione per ${o}.`,
  pt: (a, o) => `${a} (Cohost) está aqui para ajudar e transcreve esta reunião para ${o}.`,
  nl: (a, o) => `${a} (Cohost) is er om te helpen en maakt een transcript van deze vergadering voor ${o}.`,
};

/** The default entry line in the agent's language (English where none is written yet). */
export function defaultChatEntry(language: string, agentName: string, ownerName: string): string {
  return (DEFAULTS[language] ?? DEFAULTS.en)(agentName, ownerName || "its owner");
}

/** What the agent writes on admission, or null when its owner switched it off. */
export function chatEntryOf(agent: Pick<Agent, "name" | "language" | "chatEntryEnabled" | "chatEntryText">, ownerName: string): string | null {
  if (!agent.chatEntryEnabled) return null;
  return agent.chatEntryText?.trim() || defaultChatEntry(agent.language, agent.name, ownerName);
}
