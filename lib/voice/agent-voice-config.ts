import { decryptSecret } from "../crypto/secrets.ts";
import type { Agent } from "../generated/prisma/client.ts";
import { catalogueEntry } from "../providers/catalogue.ts";
import type { AgentVoiceConfig, ProviderConfig, ProviderKind } from "./types.ts";

/** Raised when an agent lacks what its session needs (a key); the bot fails with provider_error. */
export class AgentConfigError extends Error {
  readonly providerKind: ProviderKind;
  constructor(providerKind: ProviderKind, message: string) {
    super(message);
    this.providerKind = providerKind;
  }
}

/**
 * One provider of the agent with its decrypted key; AgentConfigError when it has no key and its
 * provider needs one (a server of the user's own may not: its key is then "").
 */
export function agentProviderConfig(agent: Agent, kind: ProviderKind): ProviderConfig {
  const providerId = agent[`${kind}ProviderId`];
  const enc = agent[`${kind}ApiKeyEnc`];
  if (!enc && !catalogueEntry(kind, providerId)?.keyOptional) throw new AgentConfigError(kind, `The agent has no ${kind.toUpperCase()} key`);
  const extra = (agent[`${kind}ExtraParams`] ?? {}) as Record<string, unknown>;
  const model = typeof extra.model === "string" && extra.model ? extra.model : (catalogueEntry(kind, providerId)?.defaultModel ?? "");
  return { providerId, apiKey: enc ? decryptSecret(enc) : "", model, language: agent.language, extra };
}

/** What the voice pipeline needs of an agent: its instructions, activation and three providers with decrypted keys. */
export function agentVoiceConfig(agent: Agent): AgentVoiceConfig {
  return {
    name: agent.name,
    instructions: agent.description,
    language: agent.language,
    wakeWord: agent.manualActivation ? null : agent.wakeWord,
    manualActivation: agent.manualActivation,
    chatAnswerAloud: agent.chatAnswerAloud,
    stt: agentProviderConfig(agent, "stt"),
    ai: agentProviderConfig(agent, "ai"),
    tts: agentProviderConfig(agent, "tts"),
  };
}
