import { db } from "../db/client.ts";
import { parseWith } from "../validation/parse.ts";
import { ownedEndpoint } from "./list-endpoints.ts";
import { updateEndpointSchema } from "./schema.ts";
import { serializeEndpoint } from "./serialize.ts";

/** Changes an endpoint. Turning it on again starts its failure count afresh. */
export async function updateEndpoint(userId: string, id: string, body: unknown) {
  const input = parseWith(updateEndpointSchema, body);
  await ownedEndpoint(userId, id);
  const row = await db.webhookEndpoint.update({
    where: { id },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null, failingSince: null } : {}),
    },
  });
  return serializeEndpoint(row);
}
