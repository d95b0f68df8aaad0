import { regenerateUserToken } from "@/lib/calendar/feed-token";
import { userRoute } from "@/lib/http/route";

// → {token, feedUrl}: a new address for the feed of all the user's meetings; the old one stops working.
export const POST = userRoute(({ user }) => regenerateUserToken(user.id));
