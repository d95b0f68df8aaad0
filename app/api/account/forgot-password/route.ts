import { requestPasswordReset } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { forgotPasswordSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";

// Always 202, whether or not the address has an account.
export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { email } = await parseBody(request, forgotPasswordSchema);
  await requestPasswordReset(email);
  return json({ message: "If an account exists for that e-mail, we sent a link to reset the password." }, { status: 202 });
});
