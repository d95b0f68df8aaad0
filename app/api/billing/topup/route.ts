import { startTopUp } from "@/lib/billing/checkout";
import { topUpSchema } from "@/lib/billing/topups";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const POST = userRoute(async ({ request, user }) => {
  const { amount } = await parseBody(request, topUpSchema);
  return startTopUp(user.id, amount);
});
