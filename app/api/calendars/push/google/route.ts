import { receiveGoogle } from "@/lib/calendar/connect/receive-push";
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";

// Google Calendar push notifications (events.watch channels); the channel token is the credential.
export const POST = route(async ({ request }) => {
  const status = await receiveGoogle(request.headers);
  if (status >= 400) throw new AppError("bad_request", "Not a Google Calendar notification");
  return new Response(null, { status });
});
