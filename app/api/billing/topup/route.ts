import { createTestTopUp, topUpSchema } from "@/lib/billing/topups";
import { parseBody } from "@/lib/http/parse";
import { userRoute } from "@/lib/http/route";

export const POST = userRoute(async ({ request, user }) => {
  const { amount } = await parseBody(request, topUpSchema);
  return createTestTopUp(user.id, amount);
});
