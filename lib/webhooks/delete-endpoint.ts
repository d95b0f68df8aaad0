import { db } from "../db/client.ts";
import { ownedEndpoint } from "./list-endpoints.ts";

/** Deletes an endpoint with its delivery log; queued attempts find nothing and stop. */
export async function deleteEndpoint(userId: string, id: string): Promise<{ deleted: true }> {
  await ownedEndpoint(userId, id);
  await db.webhookEndpoint.deleteMany({ where: { id, userId } });
  return { deleted: true };
}
