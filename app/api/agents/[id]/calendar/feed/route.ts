import { showAgentFeed } from "@/lib/calendar/feed-token";
import { json, userRoute } from "@/lib/http/route";

// → {feedUrl}: the agent's current feed address, to show it again (null when there is none to show).
// The address is a secret: never stored by a cache.
export const GET = userRoute<{ id: string }>(async ({ user, params }) => json(await showAgentFeed(user.id, params.id), { headers: { "Cache-Control": "private, no-store" } }));
