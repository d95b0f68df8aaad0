import { readJson } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";
import { joinRoom } from "@/lib/rooms/join-room";

// POST {name}: anyone with the room's link joins → 201 {participant, key, iceServers}.
export const POST = route<{ id: string }>(async ({ request, params }) =>
  json(await joinRoom(params.id, await readJson(request), request), { status: 201 }),
);
