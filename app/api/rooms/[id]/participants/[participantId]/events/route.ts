import { route } from "@/lib/http/route";
import { openRoomStream } from "@/lib/rooms/open-room-stream";

export const dynamic = "force-dynamic";

// GET ?key=…: the participant's Server-Sent Events (roster, signals, transcript). EventSource cannot
// send headers, so the key comes in the query string.
export const GET = route<{ id: string; participantId: string }>(async ({ request, params }) => {
  const url = new URL(request.url);
  const stream = await openRoomStream({
    roomId: params.id,
    participantId: params.participantId,
    key: url.searchParams.get("key"),
    lastEventId: request.headers.get("last-event-id"),
    signal: request.signal,
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
