import { usageByMeeting } from "@/lib/billing/usage-by-meeting";
import { usageHistory, usageQuerySchema } from "@/lib/billing/usage-history";
import { parseWith } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(({ request, user }) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { page, limit, group } = parseWith(usageQuerySchema, params);
  return group === "meeting" ? usageByMeeting(user.id, page, limit) : usageHistory(user.id, page, limit);
});
