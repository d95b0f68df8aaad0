import { keyForProviderCall, type KeyInput } from "./key-input.ts";
import { verifyProviderKey, type KeyCheck } from "./verify-key.ts";

/** "Test key" for one provider of the catalogue (active only; anything else is 404). */
export async function checkProviderKey(userId: string, kind: string, providerId: string, input: KeyInput): Promise<KeyCheck> {
  const { kind: known, apiKey } = await keyForProviderCall(userId, kind, providerId, input);
  return verifyProviderKey(known, providerId, apiKey, input.extraParams ?? {});
}
