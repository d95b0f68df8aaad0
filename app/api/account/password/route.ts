import { changePassword } from "@/lib/account/change-password";
import { changePasswordSchema } from "@/lib/account/schema";
import { answerKeepingSession } from "@/lib/http/keep-session";
import { parseBody } from "@/lib/validation/parse";
import { signedInRoute } from "@/lib/http/route";

export const POST = signedInRoute(async ({ request, user }) => {
  const sessionVersion = await changePassword(user.id, await parseBody(request, changePasswordSchema));
  return answerKeepingSession(request, user, { message: "Your password was changed. Every other session was signed out." }, sessionVersion);
});
