import { readJson } from "@/lib/validation/parse";
import { json, userRoute } from "@/lib/http/route";
import { createRoom } from "@/lib/rooms/create-room";

// POST: a new test room for the signed-in user → 201 {id, url, expiresAt}.
export const POST = userRoute(async ({ request, user }) => json(await createRoom(user.id, await readJson(request)), { status: 201 }));
