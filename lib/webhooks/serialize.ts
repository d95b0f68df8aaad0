import { z } from "zod";
import { pagination, time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { EVENT_TYPES, eventBody, type EventType } from "../events/types.ts";
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../generated/prisma/client.ts";

export const webhookEndpointResponse = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: '"failing" when Cohost turned it off after 5 days of failed deliveries' }),
    failingSince: time.nullable(),
    createdAt: time,
  })
  .meta({ id: "WebhookEndpoint" });

export const createdWebhookEndpointResponse = z
  .object({ endpoint: webhookEndpointResponse, secret: z.string().meta({ description: "The signing secret (whsec_…): shown this once only" }) })
  .meta({ id: "CreatedWebhookEndpoint" });

const attemptResponse = z.object({
  attempt: z.int(),
  statusCode: z.int().nullable(),
  latencyMs: z.int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  manual: z.boolean(),
  createdAt: time,
});

export const webhookDeliveryResponse = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: "The webhook-id header of every attempt" }),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.int(),
    lastAttemptAt: time.nullable(),
    nextAttemptAt: time.nullable(),
    createdAt: time,
    payload: z
      .object({ type: z.string(), timestamp: time, data: z.unknown() })
      .meta({ description: "The JSON body every attempt of this delivery sends (signed; the same bytes each time)" }),
    meeting: z
      .object({ id: z.string(), title: z.string(), platform: z.string(), meetingUrl: z.string(), agentName: z.string().nullable() })
      .nullable()
      .meta({ description: "The meeting the event is about (its stored title, empty when it has none); null for events about no meeting, or once the meeting is deleted" }),
    tries: z.array(attemptResponse),
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliveryResponse), pagination }).meta({ id: "WebhookDeliveries" });

/** An endpoint as the API returns it: never its secret. */
export function serializeEndpoint(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    // A text[] column, written only through the endpoint schemas (schema.ts), which take EVENT_TYPES alone.
    events: e.events as EventType[],
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince,
    createdAt: e.createdAt,
  } satisfies Sent<typeof webhookEndpointResponse>;
}

export type WebhookEndpointDto = ReturnType<typeof serializeEndpoint>;

/** What a delivery is serialized from: its event's body and its attempts in order. */
export const DELIVERY_INCLUDE = { event: { select: { type: true, createdAt: true, data: true, meetingId: true } }, tries: { orderBy: { id: "asc" } } } as const;

export type DeliveryMeeting = Sent<typeof webhookDeliveryResponse>["meeting"];

export function serializeDelivery(d: WebhookDelivery & { event: { type: string; createdAt: Date; data: unknown }; tries: WebhookAttempt[] }, meeting: DeliveryMeeting = null) {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.event.type,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    payload: eventBody(d.event),
    meeting,
    tries: d.tries.map(
      (t) =>
        ({
          attempt: t.attempt,
          statusCode: t.statusCode,
          latencyMs: t.latencyMs,
          responseExcerpt: t.responseExcerpt,
          error: t.error,
          manual: t.manual,
          createdAt: t.createdAt,
        }) satisfies Sent<typeof attemptResponse>,
    ),
  } satisfies Sent<typeof webhookDeliveryResponse>;
}

export type WebhookDeliveryDto = ReturnType<typeof serializeDelivery>;
