import { db } from "../db/client.ts";
import { notifyWorker } from "./run-checks.ts";
import { meetingDto } from "./serialize.ts";

/**
 * POST /api/meetings/{id}/activation: manual activation. While on, an agent set to manual activation
 * answers; the running bot is told at once, and the timeline records who switched it when.
 */
export async function setMeetingActivation(userId: string, id: string, active: boolean) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.meeting.updateMany({ where: { id, userId }, data: { activated: active } });
    if (count === 0) return;
    const meeting = await tx.meeting.findUniqueOrThrow({ where: { id }, select: { status: true } });
    await tx.meetingEvent.create({ data: { meetingId: id, fromStatus: meeting.status, toStatus: meeting.status, reason: active ? "activated" : "deactivated" } });
    await notifyWorker(tx, id);
  });
  return meetingDto(userId, id);
}
