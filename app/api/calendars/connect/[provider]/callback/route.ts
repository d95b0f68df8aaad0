import { finishConnect } from "@/lib/calendar/connect/finish-connect";
import { clearedCookie } from "@/lib/calendar/connect/start-connect";
import { userRoute } from "@/lib/http/route";

// The provider's redirect back after consent: tokens stored, first sync asked, back to the calendar page.
export const GET = userRoute<{ provider: string }>(async ({ user, params, request }) => {
  const location = await finishConnect(user.id, params.provider, request);
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "set-cookie": clearedCookie() } });
});
