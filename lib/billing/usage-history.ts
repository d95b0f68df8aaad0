import { z } from "zod";
import { pagination, time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { dollars, microsToUsd } from "./money.ts";

const positiveInt = (name: string, max?: number) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(max ?? Number.MAX_SAFE_INTEGER, `${name} must be at most ${max}`);

export const usageQuerySchema = z.object({
  page: positiveInt("page").default(1),
  limit: positiveInt("limit", 100).default(20),
  /** `meeting`: one row per meeting (lib/billing/usage-by-meeting.ts) instead of one per billed minute. */
  group: z.enum(["meeting"], { error: 'group must be "meeting"' }).optional(),
});

export const usageHistoryResponse = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        cost: dollars,
        timestamp: time,
        meetingId: z.string().nullable(),
        agentId: z.string().nullable(),
        agentName: z.string().nullable(),
        meetingTitle: z.string().nullable(),
        // With ?group=meeting: one row per meeting (id is the meeting's); timestamp is its first charge.
        quantity: z.number().int().optional().meta({ description: "group=meeting: units billed in the meeting (minutes of agent time)" }),
        lastTimestamp: time.optional().meta({ description: "group=meeting: the meeting's last charge" }),
        platform: z.string().nullable().optional().meta({ description: "group=meeting: the meeting's platform" }),
        meetingUrl: z.string().nullable().optional().meta({ description: "group=meeting: the meeting's link (names a meeting without a title)" }),
      }),
    ),
    pagination,
  })
  .meta({ id: "UsageHistory" });

export const spendDayResponse = z.object({ day: z.iso.date(), costUsd: dollars }).meta({ id: "SpendDay" });

interface Row {
  id: bigint;
  action: string | null;
  amountMicros: bigint;
  createdAt: Date;
  meetingId: string | null;
  agentId: string | null;
  agentName: string | null;
  meetingTitle: string | null;
}

/**
 * One page of usage, newest first, from the (userId, type, id) index. Deep pages are read from the
 * nearer end of the index (ascending with a small offset, then reversed), so the last page costs what
 * the first does instead of skipping every row before it.
 */
export async function usageHistory(userId: string, page: number, limit: number) {
  // Kept by the ledger writer; counting the entries themselves would scan them all.
  const account = await db.creditAccount.findUnique({ where: { userId }, select: { usageEntryCount: true } });
  const count = account?.usageEntryCount ?? 0;
  const offset = (page - 1) * limit;
  let rows: Row[] = [];
  if (offset < count) {
    const fromEnd = offset > count / 2;
    const take = Math.min(limit, count - offset);
    const skip = fromEnd ? count - offset - take : offset;
    rows = fromEnd
      ? await db.$queryRaw<Row[]>`
          SELECT l."id", l."action", l."amountMicros", l."createdAt", l."meetingId", l."agentId", a."name" AS "agentName", m."title" AS "meetingTitle"
          FROM (SELECT * FROM "LedgerEntry" WHERE "userId" = ${userId} AND "type" = 'usage' ORDER BY "id" ASC LIMIT ${take} OFFSET ${skip}) l
          LEFT JOIN "Agent" a ON a."id" = l."agentId" LEFT JOIN "Meeting" m ON m."id" = l."meetingId"
          ORDER BY l."id" DESC`
      : await db.$queryRaw<Row[]>`
          SELECT l."id", l."action", l."amountMicros", l."createdAt", l."meetingId", l."agentId", a."name" AS "agentName", m."title" AS "meetingTitle"
          FROM (SELECT * FROM "LedgerEntry" WHERE "userId" = ${userId} AND "type" = 'usage' ORDER BY "id" DESC LIMIT ${take} OFFSET ${skip}) l
          LEFT JOIN "Agent" a ON a."id" = l."agentId" LEFT JOIN "Meeting" m ON m."id" = l."meetingId"
          ORDER BY l."id" DESC`;
  }
  return {
    data: rows.map((r) => ({
      id: r.id.toString(),
      action: r.action ?? "usage",
      cost: microsToUsd(-r.amountMicros),
      timestamp: r.createdAt,
      meetingId: r.meetingId,
      agentId: r.agentId,
      agentName: r.agentName,
      meetingTitle: r.meetingTitle,
    })),
    pagination: { page, limit, total: count, totalPages: Math.ceil(count / limit) },
  } satisfies Sent<typeof usageHistoryResponse>;
}

/** Spend per day for the last `days` days (UTC), for the billing chart. */
export async function spendPerDay(userId: string, days = 30) {
  const rows = await db.$queryRaw<{ day: Date; micros: bigint }[]>`
    SELECT date_trunc('day', "createdAt" AT TIME ZONE 'UTC') AS day, -sum("amountMicros")::bigint AS micros
    FROM "LedgerEntry"
    WHERE "userId" = ${userId} AND "type" = 'usage' AND "createdAt" >= now() - make_interval(days => ${days})
    GROUP BY 1 ORDER BY 1`;
  return rows.map((r) => ({ day: r.day.toISOString().slice(0, 10), costUsd: microsToUsd(r.micros) }) satisfies Sent<typeof spendDayResponse>);
}
