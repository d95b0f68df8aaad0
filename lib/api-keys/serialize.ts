import type { ApiKey } from "../generated/prisma/client.ts";

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
  };
}

export type ApiKeyDto = ReturnType<typeof serializeApiKey>;
