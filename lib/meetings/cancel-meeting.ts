import { db } from "../db/client.ts";
import { withdrawRun } from "./enqueue-run.ts";
import { notifyWorker } from "./run-checks.ts";
import { meetingDto } from "./serialize.ts";
import { transitionMeeting } from "./transitions.ts";

// POST /api/meetings/{id}/cancel: scheduled, joining or waiting_room → cancelled (the bot never got in);
// its start job is withdrawn and a bot on its way is told to leave.
export async function cancelMeeting(userId: string, id: string) {
  await db.$transaction(async (tx) => {
    const t = await transitionMeeting(tx, id, { to: "cancelled", from: ["scheduled", "joining", "waiting_room"], reason: "user_cancelled", userId, verb: "cancelled" });
    await withdrawRun(tx, t.jobId);
    await notifyWorker(tx, id);
  });
  return meetingDto(userId, id);
}
