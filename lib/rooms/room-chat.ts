import { db } from "../db/client.ts";
import { ROOM_LIMITS } from "./limits.ts";

/** A line of the room's chat as participants receive it: `fromId` is the sender's participant id, stamped by the server. */
export interface RoomChatLine {
  id: string;
  fromId: string;
  name: string;
  text: string;
  at: string;
}

/** The room's chat after line `afterId` (in order), or its latest backlog when `afterId` is null. */
export async function roomChat(roomId: string, afterId: bigint | null): Promise<RoomChatLine[]> {
  const rows =
    afterId === null
      ? (await db.roomChatMessage.findMany({ where: { roomId }, orderBy: { id: "desc" }, take: ROOM_LIMITS.chatBacklog })).reverse()
      : await db.roomChatMessage.findMany({ where: { roomId, id: { gt: afterId } }, orderBy: { id: "asc" }, take: 500 });
  return rows.map((r) => ({ id: r.id.toString(), fromId: r.fromId, name: r.name, text: r.text, at: r.createdAt.toISOString() }));
}
