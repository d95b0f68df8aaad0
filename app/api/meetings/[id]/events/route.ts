import { openMeetingStream } from "@/lib/meetings/open-meeting-stream";
import { userRoute } from "@/lib/http/route";
import { sseResponse } from "@/lib/sse/sse-response";

export const dynamic = "force-dynamic";

// GET (Last-Event-ID or ?since=now): the meeting's status changes and transcript segments as
// Server-Sent Events (lib/meetings/open-meeting-stream.ts). 204 once the meeting has ended and the
// client has everything.
export const GET = userRoute<{ id: string }>(async ({ request, user, params }) => {
  const stream = await openMeetingStream({
    userId: user.id,
    meetingId: params.id,
    lastEventId: request.headers.get("last-event-id"),
    since: new URL(request.url).searchParams.get("since"),
    signal: request.signal,
    caller: user,
  });
  if (!stream) return new Response(null, { status: 204 });
  return sseResponse(stream);
});
