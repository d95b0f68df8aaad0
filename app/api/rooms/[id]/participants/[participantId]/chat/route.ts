import { readText } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";
import { sendChat } from "@/lib/rooms/send-chat";

// POST {key, text}: a line in the room's chat, stamped with the sender → 201 {id, fromId, name, text, at}.
export const POST = route<{ id: string; participantId: string }>(async ({ request, params }) =>
  json(await sendChat(params.id, params.participantId, await readText(request, 16 * 1024)), { status: 201 }),
);
