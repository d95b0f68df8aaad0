import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { parseWith } from "../validation/parse.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";
import { newRoomId, roomUrl } from "./ids.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { createRoomSchema } from "./schema.ts";

export const roomResponse = z.object({ id: z.string(), url: z.string(), expiresAt: time }).meta({ id: "Room" });

/** A new test room owned by the user: its unguessable link works for ROOM_LIMITS.ttlMs. */
export async function createRoom(userId: string, body: unknown = {}) {
  parseWith(createRoomSchema, body);
  await enforce(`rooms:${userId}`, LIMITS.roomsPerUser());
  const now = new Date();
  const room = await db.room.create({
    data: { id: newRoomId(), userId, createdAt: now, expiresAt: new Date(now.getTime() + ROOM_LIMITS.ttlMs) },
  });
  // Expired rooms go with their participants and signals; each creation sweeps a batch of them.
  await db.$executeRaw`DELETE FROM "Room" WHERE "id" IN (SELECT "id" FROM "Room" WHERE "expiresAt" < now() LIMIT 100)`;
  return { id: room.id, url: roomUrl(room.id), expiresAt: room.expiresAt } satisfies Sent<typeof roomResponse>;
}
