import { db } from "../db/client.ts";
import { sweepLostMeetings } from "./sweep-lost-meetings.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { parseWith } from "../validation/parse.ts";
import { FINAL_STATUSES, MEETING_STATUSES, OPEN_STATUSES, type MeetingStatus } from "./status.ts";
import { listMeetingsQuerySchema } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { meetingCosts, serializeMeeting, WITH_AGENT_NAME, type meetingListResponse } from "./serialize.ts";

// The order of each view. Without a view: latest start first (spec §7's list).
const ORDER: Record<"upcoming" | "past" | "all", Prisma.MeetingOrderByWithRelationInput[]> = {
  // The status enum is declared scheduled, joining, waiting_room, in_progress: descending puts the
  // meetings an agent is in (or on its way to) on top, then what comes next, soonest first.
  upcoming: [{ status: "desc" }, { scheduledStart: "asc" }, { id: "asc" }],
  // Latest end first: a future meeting cancelled today is today's news, not next month's.
  past: [{ endedAt: { sort: "desc", nulls: "last" } }, { scheduledStart: "desc" }, { id: "desc" }],
  all: [{ scheduledStart: "desc" }, { id: "desc" }],
};

/**
 * GET /api/meetings: one page of the user's meetings with filters: the Upcoming or Past view, agent,
 * status and words of the title (or link).
 */
export async function listMeetings(userId: string, query: URLSearchParams) {
  const q = parseWith(listMeetingsQuerySchema, Object.fromEntries(query));
  await sweepLostMeetings({ userId });
  const inView: readonly MeetingStatus[] = q.view === "upcoming" ? OPEN_STATUSES : q.view === "past" ? FINAL_STATUSES : MEETING_STATUSES;
  // A status outside the view matches nothing.
  const status = q.status ? (inView.includes(q.status) ? q.status : { in: [] }) : q.view ? { in: [...inView] } : undefined;
  const words = q.q ? q.q.split(/\s+/).filter(Boolean).slice(0, 8) : [];
  const where: Prisma.MeetingWhereInput = {
    userId,
    ...(q.agent_id ? { agentId: q.agent_id } : {}),
    ...(status ? { status } : {}),
    // Every word, in the title or the link.
    ...(words.length ? { AND: words.map((w) => ({ OR: [{ title: { contains: w, mode: "insensitive" as const } }, { meetingUrl: { contains: w, mode: "insensitive" as const } }] })) } : {}),
  };
  const [total, meetings] = await Promise.all([
    db.meeting.count({ where }),
    db.meeting.findMany({
      where,
      include: WITH_AGENT_NAME,
      orderBy: ORDER[q.view ?? "all"],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  const costs = await meetingCosts(userId, meetings.map((m) => m.id));
  return {
    meetings: meetings.map((m) => serializeMeeting(m, costs.get(m.id))),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  } satisfies Sent<typeof meetingListResponse>;
}
