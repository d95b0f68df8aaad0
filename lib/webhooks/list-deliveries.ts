import { db } from "../db/client.ts";
import { parseWith } from "../validation/parse.ts";
import { ownedEndpoint } from "./list-endpoints.ts";
import { deliveriesQuerySchema } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { DELIVERY_INCLUDE, serializeDelivery, type DeliveryMeeting, type webhookDeliveriesResponse } from "./serialize.ts";

/** An endpoint's delivery log, newest first, each delivery with its payload, its meeting and its attempts. */
export async function listDeliveries(userId: string, endpointId: string, query: URLSearchParams) {
  const { page, limit } = parseWith(deliveriesQuerySchema, Object.fromEntries(query));
  await ownedEndpoint(userId, endpointId);
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where: { endpointId } }),
    db.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * limit, take: limit, include: DELIVERY_INCLUDE }),
  ]);
  const meetings = await meetingsOf(userId, rows.map((r) => r.event.meetingId));
  return {
    deliveries: rows.map((r) => serializeDelivery(r, (r.event.meetingId && meetings.get(r.event.meetingId)) || null)),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  } satisfies Sent<typeof webhookDeliveriesResponse>;
}

/** The user's meetings the page's events are about (an event names its meeting by id; a deleted one is gone). */
async function meetingsOf(userId: string, ids: (string | null)[]): Promise<Map<string, NonNullable<DeliveryMeeting>>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.meeting.findMany({ where: { id: { in: wanted }, userId }, select: { id: true, title: true, platform: true, meetingUrl: true, agent: { select: { name: true } } } });
  return new Map(rows.map((m) => [m.id, { id: m.id, title: m.title, platform: m.platform, meetingUrl: m.meetingUrl, agentName: m.agent?.name ?? null }]));
}
