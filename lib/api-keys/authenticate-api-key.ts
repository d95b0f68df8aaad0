import { sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enforce, LIMITS } from "../rate-limit/rate-limit.ts";
import { API_KEY_PREFIX } from "./create-api-key.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** lastUsedAt is kept to the minute: a busy key does not write its row on every request. */
const LAST_USED_PRECISION_MS = 60_000;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The user behind an API key, checked on every request (so a revoked or expired key is refused at
 * once): unknown, revoked or expired → 401; a read key on a write → 403; over the key's rate limit →
 * 429 with Retry-After. Messages never repeat the key.
 */
export async function authenticateApiKey(key: string, method: string): Promise<{ userId: string; keyId: string }> {
  const row = await db.apiKey.findUnique({
    where: { keyHash: sha256(key) },
    select: { id: true, userId: true, scope: true, expiresAt: true, revokedAt: true, lastUsedAt: true },
  });
  const now = Date.now();
  if (!row) throw new AppError("unauthorized", "The API key is not valid");
  if (row.revokedAt) throw new AppError("unauthorized", "The API key has been revoked");
  if (row.expiresAt && row.expiresAt.getTime() <= now) throw new AppError("unauthorized", "The API key has expired");
  await enforce(`api-key:${row.id}`, LIMITS.apiKeyRequests());
  if (row.scope === "read" && !SAFE_METHODS.has(method)) throw new AppError("forbidden", "This API key can only read: create a key with full access to make changes");
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { userId: row.userId, keyId: row.id };
}
