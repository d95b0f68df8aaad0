import { autoRefillSchema, autoRefillSettings, enableAutoRefill } from "@/lib/billing/auto-refill";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(({ user }) => autoRefillSettings(user.id));

export const POST = userRoute(async ({ request, user }) => enableAutoRefill(user.id, await parseBody(request, autoRefillSchema)));
