import { sha256 } from "../crypto/random-token.ts";
import { appUrl } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { buildFeed } from "./build-feed.ts";

const DAY_MS = 24 * 3600_000;
/** Subscribers see the last 90 days and everything ahead; older meetings fall off the feed. */
const HISTORY_MS = 90 * DAY_MS;
const MAX_MEETINGS = 2000;

/**
 * GET /api/feeds/{token}.ics, without a session: the text/calendar of the agent (or the user) the
 * token belongs to, or null for a token that is unknown or was replaced.
 */
export async function getFeed(token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = sha256(token);
  const agent = await db.agent.findUnique({ where: { calendarTokenHash: hash }, select: { id: true, userId: true, name: true } });
  const user = agent ? null : await db.user.findUnique({ where: { calendarFeedTokenHash: hash }, select: { id: true } });
  if (!agent && !user) return null;

  // Test-room calls are tries, not appointments: they never reach a calendar app.
  const where: Prisma.MeetingWhereInput = {
    userId: agent ? agent.userId : user!.id,
    ...(agent ? { agentId: agent.id } : {}),
    platform: { not: "room" },
    scheduledStart: { gte: new Date(Date.now() - HISTORY_MS) },
  };
  const meetings = await db.meeting.findMany({
    where,
    include: { agent: { select: { name: true } } },
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
    take: MAX_MEETINGS,
  });
  return buildFeed({
    name: agent ? `Cohost – ${agent.name}` : "Cohost – all agents",
    appUrl: appUrl(),
    meetings: meetings.map((m) => ({ ...m, agentName: m.agent?.name ?? null })),
  });
}
