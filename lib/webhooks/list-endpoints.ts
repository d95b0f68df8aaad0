import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { serializeEndpoint } from "./serialize.ts";

export async function listEndpoints(userId: string) {
  const rows = await db.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(serializeEndpoint);
}

/** The user's endpoint, or 404 (also for another user's). */
export async function ownedEndpoint(userId: string, id: string) {
  const row = await db.webhookEndpoint.findFirst({ where: { id, userId } });
  if (!row) throw new AppError("not_found", "Webhook endpoint not found");
  return row;
}

export async function getEndpoint(userId: string, id: string) {
  return serializeEndpoint(await ownedEndpoint(userId, id));
}
