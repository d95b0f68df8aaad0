import { z } from "zod";
import { EVENT_TYPES } from "../events/types.ts";
import { isPrivateHostname } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";

export const MAX_WEBHOOK_ENDPOINTS = 20;

/**
 * An endpoint's address: https (plain http only where the operator allows private addresses, i.e. a
 * local network), no credentials in it, and not a private address (the delivery checks the address
 * the name resolves to again, at connection time).
 */
const endpointUrl = z
  .string({ error: "Enter the address that should receive the events" })
  .trim()
  .min(1, "Enter the address that should receive the events")
  .max(2000, "The address must be at most 2000 characters")
  .superRefine((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: "custom", message: "Enter a full address, e.g. https://example.com/webhooks/cohost" });
      return;
    }
    const local = privateUrlsAllowed("webhook");
    if (url.protocol !== "https:" && !(local && url.protocol === "http:")) {
      ctx.addIssue({ code: "custom", message: "The address must start with https://" });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: "The address must not contain a user name or password" });
    } else if (!local && isPrivateHostname(url.hostname)) {
      ctx.addIssue({ code: "custom", message: "That address points to a private network address" });
    }
  });

const events = z
  .array(z.enum(EVENT_TYPES, { error: `Events must be among: ${EVENT_TYPES.join(", ")}` }), { error: "Choose the events to send" })
  .min(1, "Choose at least one event")
  .transform((list) => [...new Set(list)]);

const description = z.string({ error: "Description must be text" }).trim().max(200, "Description must be at most 200 characters");

/** POST /api/webhooks */
export const createEndpointSchema = z
  .object({ url: endpointUrl, description: description.optional(), events })
  .meta({ id: "CreateWebhookEndpoint" });

/** PATCH /api/webhooks/{id}: any of the fields; enabling again clears an automatic disable. */
export const updateEndpointSchema = z
  .object({
    url: endpointUrl.optional(),
    description: description.optional(),
    events: events.optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .meta({ id: "UpdateWebhookEndpoint" });

/** GET /api/webhooks/{id}/deliveries */
export const deliveriesQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").default(1),
  limit: z.coerce.number({ error: "limit must be from 1 to 100" }).int("limit must be from 1 to 100").min(1, "limit must be from 1 to 100").max(100, "limit must be from 1 to 100").default(20),
});
