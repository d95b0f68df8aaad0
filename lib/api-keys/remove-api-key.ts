import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Removes a revoked or expired key from the list (issue 31: they stayed forever). A key that still
 * works must be revoked first, so removing never stops a program by surprise.
 */
export async function removeApiKey(userId: string, id: string): Promise<void> {
  const row = await db.apiKey.findFirst({ where: { id, userId }, select: { revokedAt: true, expiresAt: true } });
  if (!row) throw new AppError("not_found", "API key not found");
  const ended = row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= new Date());
  if (!ended) throw new AppError("conflict", "Revoke the key before removing it");
  await db.apiKey.deleteMany({ where: { id, userId } });
}
