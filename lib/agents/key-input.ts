import { z } from "zod";
import { storedAgentKey } from "./stored-key.ts";
import { AppError } from "../errors/app-error.ts";
import { idSchema } from "../validation/ids.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { catalogueEntry, PROVIDER_KINDS, type ProviderKind } from "../providers/catalogue.ts";
import { getActiveProvider } from "../providers/queries.ts";

/**
 * The body of "Test key" and of the account's model list: a typed key, or an agent whose stored key
 * to use; neither for a provider that needs no key (a server of the user's own).
 */
export const keyInputSchema = z
  .object(
    {
      apiKey: z.string({ error: "Enter a key to test" }).trim().max(500, "Keys must be at most 500 characters").optional(),
      // The key an agent already stores (edit form), instead of a typed one. It never reaches the browser.
      agentId: idSchema.optional(),
      extraParams: z.record(z.string(), z.unknown(), { error: "Extra parameters must be a JSON object" }).optional(),
    },
    { error: "The request body must be a JSON object" },
  );

export type KeyInput = z.infer<typeof keyInputSchema>;

// Each call makes an outbound request for the user; a generous cap, shared by "Test key" and the
// model list, stops it being used to scan hosts.
const PROVIDER_CALLS_PER_MINUTE = { max: 60, windowSeconds: 60 };

/**
 * The provider (active only; anything else is 404) and the key to call it with, after counting the
 * call against the user's limit. A stored key is decrypted for this one call.
 */
export async function keyForProviderCall(userId: string, kind: string, providerId: string, input: KeyInput): Promise<{ kind: ProviderKind; apiKey: string }> {
  const known = PROVIDER_KINDS.find((k) => k === kind);
  if (!known || !(await getActiveProvider(known, providerId))) throw new AppError("not_found", "Unknown provider");
  const keyless = !input.apiKey && !input.agentId;
  if (keyless && !catalogueEntry(known, providerId)?.keyOptional) {
    throw new AppError("validation_error", "Enter a key to test", { issues: [{ path: "apiKey", message: "Enter a key to test" }] });
  }
  await enforce(`key-check:${userId}`, PROVIDER_CALLS_PER_MINUTE);
  const apiKey = input.apiKey || (input.agentId ? await storedAgentKey(userId, input.agentId, known, providerId, input.extraParams) : "");
  return { kind: known, apiKey };
}
