import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueAttempt } from "./attempt-delivery.ts";
import { ownedEndpoint } from "./list-endpoints.ts";
import { limitManualSends } from "./send-test-event.ts";

/** "Redeliver": one more attempt now, with the same webhook-id, whatever the delivery's state. */
export async function redeliver(userId: string, endpointId: string, deliveryId: string): Promise<{ queued: true }> {
  const endpoint = await ownedEndpoint(userId, endpointId);
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, select: { id: true } });
  if (!delivery) throw new AppError("not_found", "Delivery not found");
  if (!endpoint.enabled) throw new AppError("conflict", "The endpoint is turned off. Turn it on to send it events.");
  await limitManualSends(userId);
  await db.$transaction((tx) => enqueueAttempt(tx, { deliveryId, after: null }, userId));
  return { queued: true };
}
