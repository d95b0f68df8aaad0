import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import type { deletedWithMeetingsResponse } from "../meetings/serialize.ts";
import { withdrawRun } from "../meetings/enqueue-run.ts";
import { notifyWorker } from "../meetings/run-checks.ts";
import { OPEN_STATUSES } from "../meetings/status.ts";
import { transitionMeeting } from "../meetings/transitions.ts";

/**
 * Cancels the agent's scheduled and running meetings (statusReason "agent_deleted", through the
 * meeting state machine: one event row each, start jobs withdrawn, running bots told to leave) and
 * deletes the agent, all in one transaction. They stay in the history with no agent
 * (Meeting.agentId is set null).
 */
export async function deleteAgent(userId: string, id: string): Promise<Sent<typeof deletedWithMeetingsResponse>> {
  return db.$transaction(async (tx) => {
    const agent = await tx.agent.findFirst({ where: { id, userId }, select: { id: true } });
    if (!agent) throw new AppError("not_found", "Agent not found");
    const open = await tx.meeting.findMany({ where: { agentId: id, userId, status: { in: [...OPEN_STATUSES] } }, select: { id: true } });
    for (const meeting of open) {
      const t = await transitionMeeting(tx, meeting.id, { to: "cancelled", from: OPEN_STATUSES, reason: "agent_deleted", verb: "cancelled" });
      await withdrawRun(tx, t.jobId);
      await notifyWorker(tx, meeting.id);
    }
    await tx.agent.delete({ where: { id } });
    return { deleted: true as const, cancelledMeetings: open.length };
  });
}
