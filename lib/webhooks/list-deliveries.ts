import { db } from "../db/client.ts";
import { parseWith } from "../validation/parse.ts";
import { ownedEndpoint } from "./list-endpoints.ts";
import { deliveriesQuerySchema } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { serializeDelivery, type webhookDeliveriesResponse } from "./serialize.ts";

/** An endpoint's delivery log, newest first, each delivery with its attempts. */
export async function listDeliveries(userId: string, endpointId: string, query: URLSearchParams) {
  const { page, limit } = parseWith(deliveriesQuerySchema, Object.fromEntries(query));
  await ownedEndpoint(userId, endpointId);
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where: { endpointId } }),
    db.webhookDelivery.findMany({
      where: { endpointId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * limit,
      take: limit,
      include: { event: { select: { type: true } }, tries: { orderBy: { id: "asc" } } },
    }),
  ]);
  return { deliveries: rows.map(serializeDelivery), pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } } satisfies Sent<typeof webhookDeliveriesResponse>;
}
