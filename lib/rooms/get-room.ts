import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { isRoomId } from "./ids.ts";

export const ROOM_NOT_FOUND = "This room does not exist";

/** A room whose link still works (it exists and has not expired), or null. */
export async function findOpenRoom(id: string) {
  if (!isRoomId(id)) return null;
  return db.room.findFirst({ where: { id, expiresAt: { gt: new Date() } }, select: { id: true, expiresAt: true } });
}

export async function requireOpenRoom(id: string) {
  const room = await findOpenRoom(id);
  if (!room) throw new AppError("not_found", ROOM_NOT_FOUND);
  return room;
}
