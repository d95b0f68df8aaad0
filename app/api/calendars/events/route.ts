import { getUserCalendar } from "@/lib/calendar/list-events";
import { userRoute } from "@/lib/http/route";

// GET ?from=&to= → {events, hasToken}: all the user's agents' events (the overall calendar).
export const GET = userRoute(({ request, user }) => getUserCalendar(user.id, new URL(request.url).searchParams));
