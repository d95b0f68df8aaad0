import { listMeetings } from "@/lib/meetings/list-meetings";
import { userRoute } from "@/lib/http/route";

// GET /api/meetings?agent_id=&status=&page=&limit= → {meetings, pagination}, newest first.
export const GET = userRoute(({ request, user }) => listMeetings(user.id, new URL(request.url).searchParams));
