import { randomToken, sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { errorText, log } from "../log.ts";
import { sendMail } from "../mail/send.ts";
import { apiKeyCreatedMail } from "../mail/templates.ts";
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
  // The owner hears of every new key: one made from a stolen session does not go unnoticed.
  const owner = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (owner) await sendMail(apiKeyCreatedMail(owner.email, row)).catch((err) => log({ event: "api_key_mail_failed", level: "warn", userId, error: errorText(err) }));
  return { apiKey: serializeApiKey(row), key } satisfies Sent<typeof createdApiKeyResponse>;
}
