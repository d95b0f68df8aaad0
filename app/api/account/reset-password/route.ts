import { resetPassword } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { resetPasswordSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { route } from "@/lib/http/route";

export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { token, password } = await parseBody(request, resetPasswordSchema);
  await resetPassword(token, password);
  return { message: "Your password was changed. Sign in with the new one." };
});
