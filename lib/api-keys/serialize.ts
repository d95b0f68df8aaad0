import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import type { ApiKey } from "../generated/prisma/client.ts";
import { API_KEY_SCOPES } from "./schema.ts";

export const apiKeyResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to recognise it" }),
    scope: z.enum(API_KEY_SCOPES),
    expiresAt: time.nullable(),
    lastUsedAt: time.nullable().meta({ description: "To the minute" }),
    revokedAt: time.nullable(),
    createdAt: time,
  })
  .meta({ id: "ApiKey" });

export const createdApiKeyResponse = z
  .object({ apiKey: apiKeyResponse, key: z.string().meta({ description: "The key itself (ck_…): shown this once only" }) })
  .meta({ id: "CreatedApiKey" });

/** A key as the API lists it: never the key itself, only its first characters. */
export function serializeApiKey(k: ApiKey) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scope: k.scope,
    expiresAt: k.expiresAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
    createdAt: k.createdAt,
  } satisfies Sent<typeof apiKeyResponse>;
}

export type ApiKeyDto = ReturnType<typeof serializeApiKey>;
