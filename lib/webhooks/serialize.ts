import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../generated/prisma/client.ts";

/** An endpoint as the API returns it: never its secret. */
export function serializeEndpoint(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince,
    createdAt: e.createdAt,
  };
}

export type WebhookEndpointDto = ReturnType<typeof serializeEndpoint>;

export function serializeDelivery(d: WebhookDelivery & { event: { type: string }; tries: WebhookAttempt[] }) {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.event.type,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    tries: d.tries.map((t) => ({
      attempt: t.attempt,
      statusCode: t.statusCode,
      latencyMs: t.latencyMs,
      responseExcerpt: t.responseExcerpt,
      error: t.error,
      manual: t.manual,
      createdAt: t.createdAt,
    })),
  };
}

export type WebhookDeliveryDto = ReturnType<typeof serializeDelivery>;
