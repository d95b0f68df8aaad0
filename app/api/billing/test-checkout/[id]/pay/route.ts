import { payTestTopUp } from "@/lib/billing/topups";
import { userRoute } from "@/lib/http/route";

export const POST = userRoute<{ id: string }>(({ user, params }) => payTestTopUp(user.id, params.id));
