import { receiveGraph } from "@/lib/calendar/connect/receive-push";
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";

// Microsoft Graph change and lifecycle notifications. Creating (or renewing) a subscription first
// sends ?validationToken=…, answered with the token as text/plain within 10 s.
export const graphNotifications = route(async ({ request }) => {
  const validation = new URL(request.url).searchParams.get("validationToken");
  if (validation !== null) return new Response(validation, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  const body = await request.json().catch(() => null);
  const status = await receiveGraph(body);
  if (status >= 400) throw new AppError("bad_request", "Not a Microsoft Graph notification");
  return new Response(null, { status });
});
