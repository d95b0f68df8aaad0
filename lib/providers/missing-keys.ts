import { catalogueEntry, PROVIDER_KINDS, type ProviderKind } from "./catalogue.ts";

type AgentKeys = Record<`${ProviderKind}ProviderId`, string> & Record<`${ProviderKind}ApiKeyEnc`, string | null>;

/**
 * The steps of an agent's pipeline whose provider needs a key and has none stored: such an agent
 * "Needs keys" and is not sent to meetings (docs/providers.md "Keys an agent needs"). A server of
 * the user's own (OpenAI-compatible) may need no key.
 */
export function missingKeys(agent: AgentKeys): ProviderKind[] {
  return PROVIDER_KINDS.filter((kind) => !agent[`${kind}ApiKeyEnc`] && !catalogueEntry(kind, agent[`${kind}ProviderId`])?.keyOptional);
}

const KIND_WORDS: Record<ProviderKind, string> = { stt: "speech-to-text", ai: "AI", tts: "text-to-speech" };

/** "Add the API keys for Deepgram speech-to-text and OpenAI AI before sending this agent to a meeting." */
export function missingKeysMessage(agent: AgentKeys, kinds: ProviderKind[]): string {
  const names = kinds.map((k) => `${catalogueEntry(k, agent[`${k}ProviderId`])?.name ?? agent[`${k}ProviderId`]} ${KIND_WORDS[k]}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `Add the API ${kinds.length > 1 ? "keys" : "key"} for ${list} before sending this agent to a meeting.`;
}
