import { receiveGoogle } from "@/lib/calendar/connect/receive-push";
import { route } from "@/lib/http/route";

// Google Calendar push notifications (events.watch channels); the channel token is the credential.
export const POST = route(async ({ request }) => new Response(null, { status: await receiveGoogle(request.headers) }));
