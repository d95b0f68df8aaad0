import { db } from "../db/client.ts";
import { serializeApiKey } from "./serialize.ts";

/** The user's keys, newest first, revoked ones included (so the list tells what happened to a key). */
export async function listApiKeys(userId: string) {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(serializeApiKey);
}
