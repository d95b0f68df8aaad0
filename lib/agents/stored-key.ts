import { decryptSecret } from "../crypto/secrets.ts";
import { AppError } from "../errors/app-error.ts";
import type { ProviderKind } from "../providers/catalogue.ts";
import { findOwnedAgent } from "./get-agent.ts";

/**
 * The key an agent stores for one step of its pipeline, decrypted for a single use ("Test key" on
 * the edit form without retyping it). Only for that step's current provider.
 */
export async function storedAgentKey(userId: string, agentId: string, kind: ProviderKind, providerId: string): Promise<string> {
  const agent = await findOwnedAgent(userId, agentId);
  const enc = agent[`${kind}ApiKeyEnc`];
  if (agent[`${kind}ProviderId`] !== providerId || !enc) {
    const message = "No key is stored for this provider";
    throw new AppError("validation_error", message, { issues: [{ path: "apiKey", message }] });
  }
  return decryptSecret(enc);
}
