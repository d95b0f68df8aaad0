import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { sha256 } from "../crypto/random-token.ts";
import { isParticipantId, isRoomId } from "./ids.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { notifyRoom } from "./room-events.ts";

export const NOT_IN_ROOM = "You are not in this room";

export interface RosterEntry {
  id: string;
  name: string;
}

function staleBefore(): Date {
  return new Date(Date.now() - ROOM_LIMITS.staleMs);
}

/** Who is in the room now, in joining order. */
export async function listPresent(roomId: string): Promise<RosterEntry[]> {
  return db.roomParticipant.findMany({
    where: { roomId, lastSeenAt: { gte: staleBefore() } },
    orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

/** Removes participants nobody has seen for a while and tells the room; true when any went. */
export async function pruneStale(roomId: string): Promise<boolean> {
  const { count } = await db.roomParticipant.deleteMany({ where: { roomId, lastSeenAt: { lt: staleBefore() } } });
  if (count > 0) await notifyRoom(roomId);
  return count > 0;
}

/** A room id, participant id and key that could be real: anything else is nobody's. */
function wellFormed(roomId: string, participantId: string, key: unknown): key is string {
  return typeof key === "string" && key.length > 0 && key.length <= 200 && isRoomId(roomId) && isParticipantId(participantId);
}

/** The participant behind an id and key, present in this room; else 404 (never saying which part was wrong). */
export async function authenticateParticipant(roomId: string, participantId: string, key: unknown) {
  if (!wellFormed(roomId, participantId, key)) throw new AppError("not_found", NOT_IN_ROOM);
  const participant = await db.roomParticipant.findFirst({
    where: { id: participantId, roomId, keyHash: sha256(key), lastSeenAt: { gte: staleBefore() }, room: { expiresAt: { gt: new Date() } } },
    select: { id: true, name: true },
  });
  if (!participant) throw new AppError("not_found", NOT_IN_ROOM);
  return participant;
}

/**
 * True when the id and key are a participant's of this room and the room has closed: their stream,
 * opening or reconnecting just after, is told so instead of being refused like a stranger's.
 */
export async function isParticipantOfClosedRoom(roomId: string, participantId: string, key: unknown): Promise<boolean> {
  if (!wellFormed(roomId, participantId, key)) return false;
  const count = await db.roomParticipant.count({ where: { id: participantId, roomId, keyHash: sha256(key), room: { expiresAt: { lte: new Date() } } } });
  return count > 0;
}
