import { endDeviceSession } from "@/lib/auth/device-sessions";
import { signedInRoute } from "@/lib/http/route";

// POST → {message}: signs that browser out at its next request (not this one: 409).
export const POST = signedInRoute<{ id: string }>(({ user, params }) => endDeviceSession(user.id, params.id, user.sessionId));
