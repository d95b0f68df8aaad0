import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { serializeApiKey } from "./serialize.ts";

/** Revokes a key at once: its next request gets 401. Revoking twice keeps the first time. */
export async function revokeApiKey(userId: string, id: string) {
  await db.apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db.apiKey.findFirst({ where: { id, userId } });
  if (!row) throw new AppError("not_found", "API key not found");
  return serializeApiKey(row);
}
