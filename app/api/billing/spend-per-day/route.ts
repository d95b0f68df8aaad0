import { spendPerDay } from "@/lib/billing/usage-history";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(({ user }) => spendPerDay(user.id));
