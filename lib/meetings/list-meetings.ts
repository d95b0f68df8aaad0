import { db } from "../db/client.ts";
import { sweepLostMeetings } from "./sweep-lost-meetings.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { parseWith } from "../http/parse.ts";
import { listMeetingsQuerySchema } from "./schema.ts";
import { meetingCosts, serializeMeeting, WITH_AGENT_NAME } from "./serialize.ts";

/** GET /api/meetings: one page of the user's meetings, newest (latest start) first, with filters. */
export async function listMeetings(userId: string, query: URLSearchParams) {
  const q = parseWith(listMeetingsQuerySchema, Object.fromEntries(query));
  await sweepLostMeetings({ userId });
  const where: Prisma.MeetingWhereInput = { userId, ...(q.agent_id ? { agentId: q.agent_id } : {}), ...(q.status ? { status: q.status } : {}) };
  const [total, meetings] = await Promise.all([
    db.meeting.count({ where }),
    db.meeting.findMany({
      where,
      include: WITH_AGENT_NAME,
      orderBy: [{ scheduledStart: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  const costs = await meetingCosts(userId, meetings.map((m) => m.id));
  return {
    meetings: meetings.map((m) => serializeMeeting(m, costs.get(m.id))),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}
