import { z } from "zod";
import { requireUser } from "../auth/require-user.ts";
import type { Sent } from "../contract/sent.ts";
import { randomToken, sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { clientIp } from "../rate-limit/client-ip.ts";
import { parseWith } from "../validation/parse.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";
import { ROOM_NOT_FOUND, requireOpenRoom } from "./get-room.ts";
import { roomIceServers } from "./ice-servers.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { notifyRoom } from "./room-events.ts";
import { joinRoomSchema } from "./schema.ts";

export const ROOM_FULL = `This room is full (at most ${ROOM_LIMITS.maxParticipants} people)`;

export const roomJoinedResponse = z
  .object({ participant: z.object({ id: z.string(), name: z.string() }), key: z.string(), iceServers: z.array(z.record(z.string(), z.unknown())) })
  .meta({ id: "RoomJoined" });

/**
 * Anyone with the link joins under a name. The answer carries the participant's key (it authorises
 * their event stream, signals and leaving; only its hash is stored) and the ICE servers to use. A
 * participant who joins signed in is recorded with their account: that, never the name, is how an
 * agent in the room knows its owner (docs/tools.md, "Who is the owner").
 */
export async function joinRoom(roomId: string, body: unknown, request: Request) {
  const input = parseWith(joinRoomSchema, body);
  await requireOpenRoom(roomId);
  await enforce(`room-join:${clientIp(request)}`, LIMITS.roomJoinsPerIp());
  const userId = await signedInUserId(request);
  const key = randomToken();
  const participant = await db.$transaction(async (tx) => {
    // The room row lock makes the capacity check and the insert one step for concurrent joins.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Room" WHERE "id" = ${roomId} AND "expiresAt" > now() FOR UPDATE`;
    if (locked.length === 0) throw new AppError("not_found", ROOM_NOT_FOUND);
    await tx.roomParticipant.deleteMany({ where: { roomId, lastSeenAt: { lt: new Date(Date.now() - ROOM_LIMITS.staleMs) } } });
    await tx.roomSignal.deleteMany({ where: { roomId, createdAt: { lt: new Date(Date.now() - 5 * 60_000) } } });
    if ((await tx.roomParticipant.count({ where: { roomId } })) >= ROOM_LIMITS.maxParticipants) throw new AppError("conflict", ROOM_FULL);
    return tx.roomParticipant.create({ data: { roomId, name: input.name, keyHash: sha256(key), userId }, select: { id: true, name: true } });
  });
  await notifyRoom(roomId);
  return { participant, key, iceServers: roomIceServers() } satisfies Sent<typeof roomJoinedResponse>;
}

/** The account of whoever joins signed in (session cookie, access token or API key); null for a guest, or credentials that do not hold. */
async function signedInUserId(request: Request): Promise<string | null> {
  if (!request.headers.get("authorization") && !request.headers.get("cookie")?.includes("next-auth.session-token")) return null;
  try {
    return (await requireUser(request)).id;
  } catch (err) {
    if (err instanceof AppError && (err.code === "unauthorized" || err.code === "forbidden")) return null;
    throw err;
  }
}
