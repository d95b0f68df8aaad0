import { showUserFeed } from "@/lib/calendar/feed-token";
import { json, userRoute } from "@/lib/http/route";

// → {feedUrl}: the current address of the feed of all the user's meetings, to show it again (null
// when there is none to show). The address is a secret: never stored by a cache.
export const GET = userRoute(async ({ user }) => json(await showUserFeed(user.id), { headers: { "Cache-Control": "private, no-store" } }));
