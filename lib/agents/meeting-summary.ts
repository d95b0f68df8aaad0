import { db } from "../db/client.ts";
import { OPEN_STATUSES } from "../meetings/status.ts";
import type { MeetingSummary, NextMeeting } from "./serialize.ts";

/** Next scheduled meeting and open-meeting count for each of the user's agents, in two queries. */
export async function meetingSummaries(userId: string, agentIds: string[]): Promise<Map<string, MeetingSummary>> {
  const summaries = new Map<string, MeetingSummary>(agentIds.map((id) => [id, { nextMeeting: null, openMeetings: 0 }]));
  if (agentIds.length === 0) return summaries;
  const [next, open] = await Promise.all([
    db.$queryRaw<(NextMeeting & { agentId: string })[]>`
      SELECT DISTINCT ON ("agentId") "agentId", id, title, "meetingUrl", platform::text AS platform, "scheduledStart"
      FROM "Meeting"
      WHERE "userId" = ${userId} AND "agentId" = ANY(${agentIds}::text[]) AND status = 'scheduled'
      ORDER BY "agentId", "scheduledStart" ASC, id`,
    db.meeting.groupBy({
      by: ["agentId"],
      where: { userId, agentId: { in: agentIds }, status: { in: [...OPEN_STATUSES] } },
      _count: { _all: true },
    }),
  ]);
  for (const { agentId, ...meeting } of next) summaries.get(agentId)!.nextMeeting = meeting;
  for (const row of open) if (row.agentId) summaries.get(row.agentId)!.openMeetings = row._count._all;
  return summaries;
}

export async function meetingSummary(userId: string, agentId: string): Promise<MeetingSummary> {
  return (await meetingSummaries(userId, [agentId])).get(agentId)!;
}
