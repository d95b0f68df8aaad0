import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { OPEN_MEETING_STATUSES } from "./meeting-summary.ts";

/**
 * Cancels the agent's scheduled and running meetings (statusReason "agent_deleted", one event row
 * each) and deletes the agent, all in one transaction. The meetings are locked before they change,
 * so a bot moving one to "completed" at the same moment is not overwritten; they stay in the
 * history with no agent (Meeting.agentId is set null).
 */
export async function deleteAgent(userId: string, id: string): Promise<{ deleted: true; cancelledMeetings: number }> {
  return db.$transaction(async (tx) => {
    const agent = await tx.agent.findFirst({ where: { id, userId }, select: { id: true } });
    if (!agent) throw new AppError("not_found", "Agent not found");
    const cancelled = await tx.$queryRaw<{ id: string; fromStatus: (typeof OPEN_MEETING_STATUSES)[number] }[]>`
      WITH open AS (
        SELECT id, status FROM "Meeting"
        WHERE "agentId" = ${id} AND "userId" = ${userId} AND status::text = ANY(${[...OPEN_MEETING_STATUSES]}::text[])
        FOR UPDATE
      )
      UPDATE "Meeting" m
      SET status = 'cancelled', "statusReason" = 'agent_deleted', "updatedAt" = now(),
          "endedAt" = CASE WHEN open.status = 'scheduled' THEN m."endedAt" ELSE now() END
      FROM open WHERE m.id = open.id
      RETURNING m.id, open.status::text AS "fromStatus"`;
    if (cancelled.length > 0) {
      await tx.meetingEvent.createMany({
        data: cancelled.map((m) => ({ meetingId: m.id, fromStatus: m.fromStatus, toStatus: "cancelled" as const, reason: "agent_deleted" })),
      });
    }
    await tx.agent.delete({ where: { id } });
    return { deleted: true as const, cancelledMeetings: cancelled.length };
  });
}
