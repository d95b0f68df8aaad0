import { db } from "../db/client.ts";
import { getCreditSummary } from "../billing/account.ts";
import { FINAL_STATUSES, OPEN_STATUSES } from "../meetings/status.ts";

/** Everything the dashboard shows at a glance, scoped to one user. */
export async function dashboardSummary(userId: string) {
  const [credit, agents, nextMeetings, recentMeetings] = await Promise.all([
    getCreditSummary(userId),
    db.agent.groupBy({ by: ["status"], where: { userId }, _count: { _all: true } }),
    db.meeting.findMany({
      where: { userId, status: { in: [...OPEN_STATUSES] } },
      orderBy: { scheduledStart: "asc" },
      take: 3,
      select: { id: true, title: true, platform: true, status: true, scheduledStart: true, agent: { select: { name: true } } },
    }),
    db.meeting.findMany({
      where: { userId, status: { in: [...FINAL_STATUSES] } },
      orderBy: { scheduledStart: "desc" },
      take: 5,
      select: { id: true, title: true, platform: true, status: true, scheduledStart: true, agent: { select: { name: true } } },
    }),
  ]);
  const count = (status: "active" | "paused") => agents.find((a) => a.status === status)?._count._all ?? 0;
  return { credit, agents: { active: count("active"), paused: count("paused") }, nextMeetings, recentMeetings };
}
