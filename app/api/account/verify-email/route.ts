import { verifyEmail } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { tokenSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { route } from "@/lib/http/route";

const MESSAGES = {
  confirmed: "Your e-mail is confirmed. You can sign in now.",
  already_confirmed: "Your e-mail is already confirmed. You can sign in.",
};

export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { token } = await parseBody(request, tokenSchema);
  // The address comes back so the sign-in form can be filled in with it (the link proves the mailbox).
  const { status, email } = await verifyEmail(token);
  return { status, email, message: MESSAGES[status] };
});
