import { recordKeyCheck } from "./key-checks.ts";
import { testedKeyProof } from "./key-proof.ts";
import { keyForProviderCall, type KeyInput } from "./key-input.ts";
import { verifyProviderKey, type KeyCheck } from "../providers/verify-key.ts";

/**
 * "Test key" for one provider of the catalogue (active only; anything else is 404). A check of the
 * key an agent stores is remembered, so the agent list can say when that key was refused; a typed key
 * that works gets a proof, which makes it count as tested once saved (key-proof.ts).
 */
export async function checkProviderKey(userId: string, kind: string, providerId: string, input: KeyInput): Promise<KeyCheck> {
  const { kind: known, apiKey } = await keyForProviderCall(userId, kind, providerId, input);
  const result = await verifyProviderKey(known, providerId, apiKey, input.extraParams ?? {});
  if (!input.apiKey && input.agentId) await recordKeyCheck(input.agentId, known, providerId, result.status);
  if (input.apiKey && result.status === "valid") return { ...result, proof: testedKeyProof(userId, known, providerId, input.apiKey) };
  return result;
}
