import { listDeviceSessions } from "@/lib/auth/device-sessions";
import { signedInRoute } from "@/lib/http/route";

// GET → {devices}: the browsers signed in to the account, this one first and marked.
export const GET = signedInRoute(({ user }) => listDeviceSessions(user.id, user.sessionId));
