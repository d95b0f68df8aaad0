import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseJson, parseWith } from "../validation/parse.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { authenticateParticipant } from "./participants.ts";
import { notifyRoom } from "./room-events.ts";
import { sendChatSchema } from "./schema.ts";
import type { RoomChatLine } from "./room-chat.ts";

export const TOO_MANY_CHAT_LINES = "You are sending messages too fast; wait a moment";

/**
 * Posts a line in the room's chat as the participant the key proves (the server stamps who sent it:
 * an agent in the room trusts this identity for the sender's rights, never the name; docs/tools.md).
 */
export async function sendChat(roomId: string, participantId: string, rawBody: string): Promise<RoomChatLine> {
  const input = parseWith(sendChatSchema, parseJson(rawBody));
  const me = await authenticateParticipant(roomId, participantId, input.key);
  const recent = await db.roomChatMessage.count({ where: { fromId: me.id, createdAt: { gte: new Date(Date.now() - 60_000) } } });
  if (recent >= ROOM_LIMITS.maxChatPerMinute) throw new AppError("rate_limited", TOO_MANY_CHAT_LINES);
  const row = await db.roomChatMessage.create({ data: { roomId, fromId: me.id, name: me.name, text: input.text } });
  await notifyRoom(roomId);
  return { id: row.id.toString(), fromId: row.fromId, name: row.name, text: row.text, at: row.createdAt.toISOString() };
}
