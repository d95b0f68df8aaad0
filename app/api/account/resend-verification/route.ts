import { resendVerification } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { resendVerificationSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";

// Always 202, whether or not the address has an account or is already confirmed.
export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { email } = await parseBody(request, resendVerificationSchema);
  await resendVerification(email);
  return json({ message: "If this e-mail belongs to an account that is not confirmed yet, we sent a new confirmation link." }, { status: 202 });
});
