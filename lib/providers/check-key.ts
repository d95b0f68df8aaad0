import { z } from "zod";
import { storedAgentKey } from "../agents/stored-key.ts";
import { AppError } from "../http/errors.ts";
import { idSchema } from "../http/ids.ts";
import { enforce } from "../http/rate-limit.ts";
import { PROVIDER_KINDS } from "./catalogue.ts";
import { getActiveProvider } from "./queries.ts";
import { verifyProviderKey, type KeyCheck } from "./verify-key.ts";

export const keyCheckSchema = z
  .object(
    {
      apiKey: z.string({ error: "Enter a key to test" }).trim().max(500, "Keys must be at most 500 characters").optional(),
      // Tests the key an agent already stores (edit form), instead of a typed one.
      agentId: idSchema.optional(),
      extraParams: z.record(z.string(), z.unknown(), { error: "Extra parameters must be a JSON object" }).optional(),
    },
    { error: "The request body must be a JSON object" },
  )
  .refine((b) => Boolean(b.apiKey || b.agentId), { path: ["apiKey"], message: "Enter a key to test" });

// Each check makes an outbound request for the user; a generous cap stops it being used to scan hosts.
const KEY_CHECKS_PER_MINUTE = { max: 60, windowSeconds: 60 };

/** "Test key" for one provider of the catalogue (active only; anything else is 404). */
export async function checkProviderKey(userId: string, kind: string, providerId: string, input: z.infer<typeof keyCheckSchema>): Promise<KeyCheck> {
  const known = PROVIDER_KINDS.find((k) => k === kind);
  if (!known || !(await getActiveProvider(known, providerId))) throw new AppError("not_found", "Unknown provider");
  await enforce(`key-check:${userId}`, KEY_CHECKS_PER_MINUTE);
  const apiKey = input.apiKey || (await storedAgentKey(userId, input.agentId!, known, providerId));
  return verifyProviderKey(known, providerId, apiKey, input.extraParams ?? {});
}
