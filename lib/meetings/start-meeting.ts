import { db } from "../db/client.ts";
import { enqueueRun, withdrawRun } from "./enqueue-run.ts";
import { assertAgentCanJoin } from "./run-checks.ts";
import { meetingDto } from "./serialize.ts";
import { transitionMeeting } from "./transitions.ts";

// POST /api/meetings/{id}/start: scheduled → joining, now instead of at the scheduled time.
export async function startMeeting(userId: string, id: string) {
  await db.$transaction(async (tx) => {
    const meeting = await tx.meeting.findFirst({ where: { id, userId }, select: { agentId: true } });
    if (meeting) await assertAgentCanJoin(tx, userId, meeting.agentId);
    const t = await transitionMeeting(tx, id, { to: "joining", from: ["scheduled"], reason: "join_requested", userId, verb: "started" });
    await withdrawRun(tx, t.jobId);
    await enqueueRun(tx, id, t.runId!, new Date());
  });
  return meetingDto(userId, id);
}
