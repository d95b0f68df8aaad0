import { regenerateAgentToken } from "@/lib/calendar/feed-token";
import { userRoute } from "@/lib/http/route";

// → {token, feedUrl}: a new address for the agent's meeting feed; the old one stops working.
export const POST = userRoute<{ id: string }>(({ user, params }) => regenerateAgentToken(user.id, params.id));
