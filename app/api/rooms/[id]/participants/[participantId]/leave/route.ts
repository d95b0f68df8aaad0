import { readJson } from "@/lib/validation/parse";
import { route } from "@/lib/http/route";
import { leaveRoom } from "@/lib/rooms/leave-room";

// POST {key}: leaves the room → 204. POST because the page sends it as a beacon when it is closed.
export const POST = route<{ id: string; participantId: string }>(async ({ request, params }) => {
  await leaveRoom(params.id, params.participantId, await readJson(request));
});
