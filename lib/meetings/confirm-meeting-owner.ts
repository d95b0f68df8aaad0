import { z } from "zod";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { notifyWorker } from "./run-checks.ts";
import { isLive } from "./status.ts";

export const confirmOwnerSchema = z.object({
  participantId: z.string({ error: "participantId must be a participant of the meeting, or null" }).max(40).nullable(),
});

export const OWNER_IN_ROOM = "In the test room you are recognised by joining signed in; there is nothing to confirm.";
export const OWNER_NOT_LIVE = "The agent is not in this meeting now.";
export const OWNER_NOT_PRESENT = "This participant is not in the meeting now.";

/**
 * POST /api/meetings/{id}/owner: the owner says which participant of the live meeting is them ("That's
 * me", docs/tools.md, "Who is the owner"), or null to take it back. On Meet, Teams and Zoom that
 * participant, bound by the platform's id for this meeting, is the only one owner-only tools answer;
 * nobody is the owner by name. The running bot is told at once. Signed-in owners only (not API keys:
 * a leaked key must not be able to make someone the owner).
 */
export async function confirmMeetingOwner(userId: string, id: string, participantId: string | null): Promise<{ ownerParticipantId: string | null }> {
  return db.$transaction(async (tx) => {
    const meeting = await tx.meeting.findFirst({ where: { id, userId }, select: { status: true, platform: true } });
    if (!meeting) throw new AppError("not_found", "Meeting not found");
    if (meeting.platform === "room") throw new AppError("conflict", OWNER_IN_ROOM);
    if (!isLive(meeting.status)) throw new AppError("conflict", OWNER_NOT_LIVE);
    let externalId: string | null = null;
    if (participantId !== null) {
      const participant = await tx.meetingParticipant.findFirst({ where: { id: participantId, meetingId: id, isAgent: false, leftAt: null }, select: { externalId: true } });
      if (!participant) throw new AppError("conflict", OWNER_NOT_PRESENT);
      externalId = participant.externalId;
    }
    await tx.meeting.update({ where: { id }, data: { ownerParticipantId: externalId } });
    await notifyWorker(tx, id);
    return { ownerParticipantId: participantId };
  });
}
