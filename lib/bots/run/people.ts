import type { Participant } from "../platforms/types.ts";

/**
 * Whether a participant counts as a person for the leaving rules: not the bot itself, and not another
 * bot — a name that contains one of the agent's bot keywords as a whole word, in any case ("Otter.ai",
 * "Grace's Notetaker"; not "Abbott" or "Talbot" for "bot").
 */
export function peopleFilter(botKeywords: string[]): (p: Participant) => boolean {
  const words = botKeywords.map((k) => k.trim().toLowerCase()).filter(Boolean);
  const patterns = words.map((w) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(w)}(?:$|[^\\p{L}\\p{N}])`, "u"));
  return (p) => {
    if (p.isSelf) return false;
    const name = p.name.toLowerCase();
    return !patterns.some((re) => re.test(name));
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
