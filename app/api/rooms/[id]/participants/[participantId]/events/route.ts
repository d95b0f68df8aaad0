import { requireUser } from "@/lib/auth/require-user";
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { openRoomStream } from "@/lib/rooms/open-room-stream";
import { sseResponse } from "@/lib/sse/sse-response";

export const dynamic = "force-dynamic";

// GET ?key=…: the participant's Server-Sent Events (roster, signals, transcript, agents). EventSource
// cannot send headers, so the key comes in the query string, and so does the last signal's id when
// the page opens a new EventSource after the old one gave up (its own reconnects send Last-Event-ID).
// A signed-in viewer who owns an agent in the room also gets what only the owner may see of it.
export const GET = route<{ id: string; participantId: string }>(async ({ request, params }) => {
  const url = new URL(request.url);
  const stream = await openRoomStream({
    roomId: params.id,
    participantId: params.participantId,
    key: url.searchParams.get("key"),
    lastEventId: request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"),
    // Signed out (or a stale session) is an ordinary participant.
    viewerId: await requireUser(request).then(
      (user) => user.id,
      (err) => {
        if (err instanceof AppError) return null;
        throw err;
      },
    ),
    signal: request.signal,
  });
  return sseResponse(stream);
});
