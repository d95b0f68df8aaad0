import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { microsToUsd } from "./money.ts";
import type { usageHistoryResponse } from "./usage-history.ts";

interface Row {
  meetingId: string | null;
  agentId: string | null;
  agentName: string | null;
  meetingTitle: string | null;
  platform: string | null;
  meetingUrl: string | null;
  action: string | null;
  quantity: number;
  micros: bigint;
  firstAt: Date;
  lastAt: Date;
}

/**
 * Usage history one row per meeting (issue 18: a row per billed minute buried the meetings): the
 * minutes, the cost and when they were billed, newest meeting first, paged over meetings. Usage
 * without a meeting (none today) forms one row of its own.
 */
export async function usageByMeeting(userId: string, page: number, limit: number) {
  const [{ total }] = await db.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM (
      SELECT 1 FROM "LedgerEntry" WHERE "userId" = ${userId} AND "type" = 'usage' GROUP BY "meetingId"
    ) g`;
  const rows = await db.$queryRaw<Row[]>`
    SELECT g."meetingId", g."agentId", a."name" AS "agentName", m."title" AS "meetingTitle", m."platform"::text AS "platform", m."meetingUrl", g."action",
           g."quantity", g."micros", g."firstAt", g."lastAt"
    FROM (
      SELECT "meetingId", max("agentId") AS "agentId", max("action") AS "action",
             sum(coalesce("quantity", 1))::int AS "quantity", -sum("amountMicros")::bigint AS "micros",
             min("createdAt") AS "firstAt", max("createdAt") AS "lastAt", max("id") AS "lastId"
      FROM "LedgerEntry" WHERE "userId" = ${userId} AND "type" = 'usage'
      GROUP BY "meetingId"
      ORDER BY max("id") DESC
      LIMIT ${limit} OFFSET ${(page - 1) * limit}
    ) g
    LEFT JOIN "Agent" a ON a."id" = g."agentId" LEFT JOIN "Meeting" m ON m."id" = g."meetingId"
    ORDER BY g."lastId" DESC`;
  return {
    data: rows.map((r) => ({
      id: r.meetingId ?? "none",
      meetingId: r.meetingId,
      meetingTitle: r.meetingTitle,
      platform: r.platform,
      meetingUrl: r.meetingUrl,
      agentId: r.agentId,
      agentName: r.agentName,
      action: r.action ?? "usage",
      quantity: r.quantity,
      cost: microsToUsd(r.micros),
      timestamp: r.firstAt,
      lastTimestamp: r.lastAt,
    })),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  } satisfies Sent<typeof usageHistoryResponse>;
}
