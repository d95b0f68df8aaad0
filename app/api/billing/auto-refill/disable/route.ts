import { disableAutoRefill } from "@/lib/billing/auto-refill";
import { userRoute } from "@/lib/http/route";

export const POST = userRoute(({ user }) => disableAutoRefill(user.id));
