import { confirmEmailChange } from "@/lib/account/confirm-email-change";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { tokenSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { route } from "@/lib/http/route";

// Public: the link may be opened in a browser that is not signed in; the token is the proof.
export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { token } = await parseBody(request, tokenSchema);
  const { status, email } = await confirmEmailChange(token);
  const message = status === "confirmed" ? `Your e-mail is now ${email}. Use it to sign in.` : `This link was already used: your e-mail is ${email}.`;
  return { status, email, message };
});
