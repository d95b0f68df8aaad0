import { db } from "../db/client.ts";
import { newEventId } from "../events/record-event.ts";
import { TEST_EVENT_TYPE } from "../events/types.ts";
import { AppError } from "../errors/app-error.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { enqueueAttempt } from "./attempt-delivery.ts";
import { ownedEndpoint } from "./list-endpoints.ts";
import { DELIVERY_INCLUDE, serializeDelivery } from "./serialize.ts";

/** Manual sends ("Send test event", "Redeliver") per user: enough to debug, too few to flood a host. */
export async function limitManualSends(userId: string): Promise<void> {
  await enforce(`webhook-manual:${userId}`, { max: 30, windowSeconds: 60 });
}

/** "Send test event": a webhook.test event to this endpoint only, delivered (and retried) like any other. */
export async function sendTestEvent(userId: string, endpointId: string) {
  const endpoint = await ownedEndpoint(userId, endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "The endpoint is turned off. Turn it on to send it events.");
  await limitManualSends(userId);
  return db.$transaction(async (tx) => {
    const eventId = newEventId();
    // Already dispatched: the relay must not fan it out to the user's other endpoints.
    await tx.apiEvent.create({
      data: { id: eventId, userId, type: TEST_EVENT_TYPE, data: { endpointId, message: "A test event from Cohost: your endpoint receives and verifies events." }, dispatchedAt: new Date() },
    });
    const delivery = await tx.webhookDelivery.create({ data: { endpointId, eventId }, include: DELIVERY_INCLUDE });
    await enqueueAttempt(tx, { deliveryId: delivery.id, after: 0 }, userId);
    return serializeDelivery(delivery);
  });
}
