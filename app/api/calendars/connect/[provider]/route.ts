import { startConnect } from "@/lib/calendar/connect/start-connect";
import { userRoute } from "@/lib/http/route";

// "Connect Google Calendar" / "Connect Microsoft 365 / Outlook" (a link): to the provider's consent page.
export const GET = userRoute<{ provider: string }>(async ({ user, params, request }) => {
  const { location, cookie } = await startConnect(user.id, params.provider, new URL(request.url).searchParams);
  const headers = new Headers({ location, "cache-control": "no-store" });
  if (cookie) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
});
