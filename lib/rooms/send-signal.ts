import { sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseJson, parseWith } from "../validation/parse.ts";
import { isParticipantId, isRoomId } from "./ids.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { NOT_IN_ROOM, authenticateParticipant } from "./participants.ts";
import { notifyRoom } from "./room-events.ts";
import { sendSignalSchema } from "./schema.ts";

export const PEER_GONE = "That participant has left the room";
export const TOO_MANY_SIGNALS = "Too many signalling messages; rejoin the room";

/** Passes one WebRTC signalling message from a participant to another in the same room. */
export async function sendSignal(roomId: string, participantId: string, rawBody: string): Promise<{ id: string }> {
  const input = parseWith(sendSignalSchema, parseJson(rawBody));
  if (!isRoomId(roomId) || !isParticipantId(participantId)) throw new AppError("not_found", NOT_IN_ROOM);
  // Authenticates the sender, counts the signal against its quota and stores it for a present
  // recipient in the same room, all in one statement.
  const staleBefore = new Date(Date.now() - ROOM_LIMITS.staleMs);
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    WITH sender AS (
      UPDATE "RoomParticipant" SET "signalsSent" = "signalsSent" + 1
      WHERE "id" = ${participantId} AND "roomId" = ${roomId} AND "keyHash" = ${sha256(input.key)}
        AND "lastSeenAt" >= ${staleBefore} AND "signalsSent" < ${ROOM_LIMITS.maxSignalsPerParticipant}
      RETURNING "id")
    INSERT INTO "RoomSignal" ("roomId", "fromId", "toId", "payload")
    SELECT ${roomId}, sender."id", r."id", ${JSON.stringify(input.payload)}::jsonb
    FROM sender JOIN "RoomParticipant" r ON r."id" = ${input.to} AND r."roomId" = ${roomId} AND r."lastSeenAt" >= ${staleBefore}
    WHERE r."id" <> sender."id"
    RETURNING "id"`;
  if (rows.length === 0) {
    // Why not: a wrong sender (404), its quota (429) or a recipient that left (404, said so).
    await authenticateParticipant(roomId, participantId, input.key);
    const sender = await db.roomParticipant.findUnique({ where: { id: participantId }, select: { signalsSent: true } });
    if (!sender) throw new AppError("not_found", NOT_IN_ROOM);
    if (sender.signalsSent >= ROOM_LIMITS.maxSignalsPerParticipant) throw new AppError("rate_limited", TOO_MANY_SIGNALS);
    throw new AppError("not_found", PEER_GONE);
  }
  await notifyRoom(roomId, input.to);
  return { id: rows[0].id.toString() };
}
