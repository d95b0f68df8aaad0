import { db } from "../db/client.ts";
import { withdrawRun } from "./enqueue-run.ts";
import { notifyWorker } from "./run-checks.ts";
import { meetingDto } from "./serialize.ts";
import { transitionMeeting } from "./transitions.ts";
import { LIVE_STATUSES } from "./status.ts";

// POST /api/meetings/{id}/stop: joining, waiting_room or in_progress → completed; the bot leaves.
// A user stop wins over whatever the bot reports at the same moment (the row is locked).
export async function stopMeeting(userId: string, id: string) {
  await db.$transaction(async (tx) => {
    const t = await transitionMeeting(tx, id, { to: "completed", from: LIVE_STATUSES, reason: "user_stopped", userId, verb: "stopped" });
    await withdrawRun(tx, t.jobId);
    await notifyWorker(tx, id);
  });
  return meetingDto(userId, id);
}
