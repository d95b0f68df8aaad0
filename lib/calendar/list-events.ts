import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { rangeQuerySchema } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { EVENT_INCLUDE, serializeEvent, type calendarEventsResponse } from "./serialize.ts";

const DAY_MS = 24 * 3600_000;
/** Without ?from, lists start five weeks back: the month view of the current month and the last. */
const DEFAULT_LOOKBACK_MS = 35 * DAY_MS;
const MAX_RANGE_MS = 400 * DAY_MS;
const MAX_EVENTS = 2000;

function range(query: URLSearchParams): Prisma.DateTimeFilter {
  const q = parseWith(rangeQuerySchema, Object.fromEntries(query));
  const from = q.from ? new Date(q.from) : new Date(Date.now() - DEFAULT_LOOKBACK_MS);
  const to = q.to ? new Date(q.to) : null;
  if (to && (to < from || to.getTime() - from.getTime() > MAX_RANGE_MS)) {
    throw new AppError("validation_error", "to must be after from and at most 400 days later", { issues: [{ path: "to", message: "to must be after from and at most 400 days later" }] });
  }
  return to ? { gte: from, lt: to } : { gte: from };
}

async function events(where: Prisma.CalendarEventWhereInput, query: URLSearchParams) {
  const rows = await db.calendarEvent.findMany({
    where: { ...where, deletedAt: null, startsAt: range(query) },
    include: EVENT_INCLUDE,
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: MAX_EVENTS,
  });
  return rows.map(serializeEvent);
}

/** GET /api/agents/{agentId}/calendar → {events, hasToken} (hasToken: the agent's feed has an address). */
export async function getAgentCalendar(userId: string, agentId: string, query: URLSearchParams) {
  const agent = await db.agent.findFirst({ where: { id: agentId, userId }, select: { calendarTokenHash: true } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return { events: await events({ userId, agentId }, query), hasToken: agent.calendarTokenHash !== null } satisfies Sent<typeof calendarEventsResponse>;
}

/** GET /api/calendars/events → {events, hasToken}: every agent's events, for the overall calendar. */
export async function getUserCalendar(userId: string, query: URLSearchParams) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { calendarFeedTokenHash: true } });
  return { events: await events({ userId }, query), hasToken: user.calendarFeedTokenHash !== null } satisfies Sent<typeof calendarEventsResponse>;
}
