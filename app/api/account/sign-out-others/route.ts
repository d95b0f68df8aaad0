import { answerKeepingSession } from "@/lib/http/keep-session";
import { endAllSessions } from "@/lib/auth/session-version";
import { signedInRoute } from "@/lib/http/route";

export const POST = signedInRoute(async ({ request, user }) => {
  const sessionVersion = await endAllSessions(user.id);
  return answerKeepingSession(request, user, { message: "Every other session was signed out." }, sessionVersion);
});
