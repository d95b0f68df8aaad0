import { db } from "../db/client.ts";
import { enqueueRun, withdrawRun } from "./enqueue-run.ts";
import { assertAgentCanJoin, notifyWorker } from "./run-checks.ts";
import { meetingDto } from "./serialize.ts";
import { transitionMeeting } from "./transitions.ts";

// POST /api/meetings/{id}/restart: any status but scheduled → joining with a new run; a bot still in
// the call leaves first (its run is no longer current).
export async function restartMeeting(userId: string, id: string) {
  await db.$transaction(async (tx) => {
    const meeting = await tx.meeting.findFirst({ where: { id, userId }, select: { agentId: true } });
    if (meeting) await assertAgentCanJoin(tx, userId, meeting.agentId);
    const t = await transitionMeeting(tx, id, {
      to: "joining",
      from: ["joining", "waiting_room", "in_progress", "completed", "failed", "cancelled"],
      reason: "restart_requested",
      userId,
      verb: "restarted",
    });
    await withdrawRun(tx, t.jobId);
    await enqueueRun(tx, id, t.runId!, new Date());
    await notifyWorker(tx, id);
  });
  return meetingDto(userId, id);
}
