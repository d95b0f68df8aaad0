import { answerKeepingSession } from "@/lib/auth/keep-session";
import { endAllSessions } from "@/lib/auth/session-version";
import { userRoute } from "@/lib/http/route";

export const POST = userRoute(async ({ request, user }) => {
  const sessionVersion = await endAllSessions(user.id);
  return answerKeepingSession(request, user, { message: "Every other session was signed out." }, sessionVersion);
});
