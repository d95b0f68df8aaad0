import { readText } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";
import { ROOM_LIMITS } from "@/lib/rooms/limits";
import { sendSignal } from "@/lib/rooms/send-signal";

// POST {key, to, payload}: one WebRTC signalling message to another participant → 201 {id}.
export const POST = route<{ id: string; participantId: string }>(async ({ request, params }) =>
  json(await sendSignal(params.id, params.participantId, await readText(request, ROOM_LIMITS.maxSignalBytes)), { status: 201 }),
);
