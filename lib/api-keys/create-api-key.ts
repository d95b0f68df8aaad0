import { randomToken, sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { createApiKeySchema, MAX_API_KEYS } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { serializeApiKey, type ApiKeyDto, type createdApiKeyResponse } from "./serialize.ts";

/** Every key starts with this, so people (and secret scanners) recognise one. */
export const API_KEY_PREFIX = "ck_";
const SHOWN_CHARACTERS = 8;

/** Creates a key and answers it once, in full; afterwards only its hash and first characters are kept. */
export async function createApiKey(userId: string, body: unknown): Promise<{ apiKey: ApiKeyDto; key: string }> {
  const input = parseWith(createApiKeySchema, body);
  const active = await db.apiKey.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_API_KEYS) throw new AppError("conflict", `You have ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`);
  const key = `${API_KEY_PREFIX}${randomToken(24)}`;
  const row = await db.apiKey.create({
    data: {
      userId,
      name: input.name,
      scope: input.scope,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
      keyHash: sha256(key),
    },
  });
  return { apiKey: serializeApiKey(row), key } satisfies Sent<typeof createdApiKeyResponse>;
}
