import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { createEndpointSchema, deliveriesQuerySchema, updateEndpointSchema } from "./schema.ts";
import { createdWebhookEndpointResponse, webhookDeliveriesResponse, webhookDeliveryResponse, webhookEndpointResponse } from "./serialize.ts";

// Webhook endpoints and their delivery log: managed by a signed-in user, never with an API key.

export const WEBHOOK_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/webhooks", operationId: "listWebhookEndpoints", tag: "Developers", summary: "The user's webhook endpoints", auth: "signedIn", responses: { 200: z.array(webhookEndpointResponse) } },
  { method: "post", path: "/api/webhooks", operationId: "createWebhookEndpoint", tag: "Developers", summary: "Add a webhook endpoint: its signing secret is in this answer only", auth: "signedIn", body: createEndpointSchema, responses: { 201: createdWebhookEndpointResponse } },
  { method: "get", path: "/api/webhooks/{id}", operationId: "getWebhookEndpoint", tag: "Developers", summary: "One webhook endpoint", auth: "signedIn", responses: { 200: webhookEndpointResponse } },
  { method: "patch", path: "/api/webhooks/{id}", operationId: "updateWebhookEndpoint", tag: "Developers", summary: "Change an endpoint, or turn it off and on", auth: "signedIn", body: updateEndpointSchema, responses: { 200: webhookEndpointResponse } },
  { method: "delete", path: "/api/webhooks/{id}", operationId: "deleteWebhookEndpoint", tag: "Developers", summary: "Delete an endpoint and its delivery log", auth: "signedIn", responses: { 200: z.object({ deleted: z.literal(true) }) } },
  { method: "post", path: "/api/webhooks/{id}/test", operationId: "sendTestEvent", tag: "Developers", summary: "Send a webhook.test event to this endpoint", auth: "signedIn", responses: { 201: webhookDeliveryResponse } },
  { method: "get", path: "/api/webhooks/{id}/deliveries", operationId: "listWebhookDeliveries", tag: "Developers", summary: "The endpoint's delivery log, newest first", auth: "signedIn", query: deliveriesQuerySchema, responses: { 200: webhookDeliveriesResponse } },
  { method: "post", path: "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", operationId: "redeliverWebhook", tag: "Developers", summary: "Send a delivery again, with the same webhook-id", auth: "signedIn", responses: { 202: z.object({ queued: z.literal(true) }) } },
];
