import { json, route } from "@/lib/http/route";
import { sendSignal } from "@/lib/rooms/send-signal";

// POST {key, to, payload}: one WebRTC signalling message to another participant → 201 {id}.
export const POST = route<{ id: string; participantId: string }>(async ({ request, params }) =>
  json(await sendSignal(params.id, params.participantId, await request.text()), { status: 201 }),
);
