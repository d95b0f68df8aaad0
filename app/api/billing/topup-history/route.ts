import { topUpHistory } from "@/lib/billing/topups";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(({ user }) => topUpHistory(user.id));
