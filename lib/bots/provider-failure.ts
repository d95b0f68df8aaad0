import type { Prisma } from "../generated/prisma/client.ts";
import { catalogueEntry } from "../providers/catalogue.ts";
import { hasRetired, modelRetirement } from "../providers/retirements.ts";
import type { AgentVoiceConfig, ProviderError } from "../voice/types.ts";

/**
 * Why a meeting failed on a provider error: `model_retired` when the provider refused the agent's
 * model (404/400) on or after its known retirement date, so the page can say exactly that and name
 * the replacement; `provider_error` otherwise.
 */
export function providerFailure(err: ProviderError, voice: AgentVoiceConfig | null, now = new Date()): { reason: string; data: Prisma.InputJsonValue } {
  const data = { kind: err.providerKind, provider: err.providerId, error: err.kind, message: err.message };
  const config = voice?.[err.providerKind];
  const retirement = config && config.providerId === err.providerId ? modelRetirement(err.providerKind, err.providerId, config.model) : null;
  if (retirement && err.kind === "bad_request" && hasRetired(retirement, now)) {
    const providerName = catalogueEntry(err.providerKind, err.providerId)?.name ?? err.providerId;
    return { reason: "model_retired", data: { ...data, providerName, model: retirement.model, retiredOn: retirement.retiresOn, replacement: retirement.replacement } };
  }
  return { reason: "provider_error", data };
}
