import { getAgentCalendar } from "@/lib/calendar/list-events";
import { userRoute } from "@/lib/http/route";

// GET ?from=&to= → {events, hasToken} of one agent.
export const GET = userRoute<{ id: string }>(({ request, user, params }) => getAgentCalendar(user.id, params.id, new URL(request.url).searchParams));
