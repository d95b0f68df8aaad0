import { db } from "../db/client.ts";
import { getCreditSummary } from "../billing/account.ts";
import { FINAL_STATUSES, OPEN_STATUSES } from "../meetings/status.ts";

const MEETING_FIELDS = { id: true, title: true, meetingUrl: true, platform: true, status: true, scheduledStart: true, endedAt: true, agent: { select: { name: true } } } as const;

/** Everything the dashboard shows at a glance, scoped to one user. */
export async function dashboardSummary(userId: string) {
  const [credit, agents, nextMeetings, recentMeetings] = await Promise.all([
    getCreditSummary(userId),
    db.agent.groupBy({ by: ["status"], where: { userId }, _count: { _all: true } }),
    // The meetings an agent is in first (the status enum orders them after scheduled), then the soonest.
    db.meeting.findMany({
      where: { userId, status: { in: [...OPEN_STATUSES] } },
      orderBy: [{ status: "desc" }, { scheduledStart: "asc" }],
      take: 3,
      select: MEETING_FIELDS,
    }),
    // What happened lately, latest end first; a future meeting that was cancelled never happened.
    db.meeting.findMany({
      where: { userId, status: { in: [...FINAL_STATUSES] }, NOT: { status: "cancelled", scheduledStart: { gt: new Date() } } },
      orderBy: [{ endedAt: { sort: "desc", nulls: "last" } }, { scheduledStart: "desc" }],
      take: 5,
      select: MEETING_FIELDS,
    }),
  ]);
  const count = (status: "active" | "paused") => agents.find((a) => a.status === status)?._count._all ?? 0;
  return { credit, agents: { active: count("active"), paused: count("paused") }, nextMeetings, recentMeetings };
}
