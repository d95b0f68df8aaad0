import { sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { parseWith } from "../validation/parse.ts";
import { isParticipantId, isRoomId } from "./ids.ts";
import { notifyRoom } from "./room-events.ts";
import { leaveRoomSchema } from "./schema.ts";

/**
 * Leaves the room (the Leave button, or the page being closed: a beacon). Idempotent, and silent
 * about ids and keys that do not match, so it reveals nothing.
 */
export async function leaveRoom(roomId: string, participantId: string, body: unknown): Promise<void> {
  const { key } = parseWith(leaveRoomSchema, body);
  if (!isRoomId(roomId) || !isParticipantId(participantId)) return;
  const { count } = await db.roomParticipant.deleteMany({ where: { id: participantId, roomId, keyHash: sha256(key) } });
  if (count > 0) await notifyRoom(roomId);
}
