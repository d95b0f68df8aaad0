import { decryptSecret } from "../crypto/secrets.ts";
import { AppError } from "../errors/app-error.ts";
import { sameOrigin } from "../net/same-origin.ts";
import { catalogueEntry, type ProviderKind } from "../providers/catalogue.ts";
import { findOwnedAgent } from "./get-agent.ts";

const refused = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/**
 * The key an agent stores for one step of its pipeline, decrypted for a single use ("Test key" on
 * the edit form without retyping it). Only for that step's current provider, and only towards the
 * address it was saved for: every URL parameter of the call (an OpenAI-compatible `baseUrl`) must
 * have the origin of the agent's stored one (docs/security.md "Secrets and streams").
 */
export async function storedAgentKey(userId: string, agentId: string, kind: ProviderKind, providerId: string, extraParams: Record<string, unknown> = {}): Promise<string> {
  const agent = await findOwnedAgent(userId, agentId);
  const enc = agent[`${kind}ApiKeyEnc`];
  if (agent[`${kind}ProviderId`] !== providerId || !enc) throw refused("apiKey", "No key is stored for this provider");
  const stored = (agent[`${kind}ExtraParams`] ?? {}) as Record<string, unknown>;
  for (const spec of catalogueEntry(kind, providerId)?.extraParams ?? []) {
    if (spec.format !== "url") continue;
    const asked = extraParams[spec.name];
    const saved = stored[spec.name];
    if (asked === undefined) continue;
    if (typeof asked !== "string" || typeof saved !== "string" || !sameOrigin(asked, saved)) {
      throw refused(`extraParams.${spec.name}`, "The stored key is sent only to the address it was saved for; enter the key to test another address");
    }
  }
  return decryptSecret(enc);
}
