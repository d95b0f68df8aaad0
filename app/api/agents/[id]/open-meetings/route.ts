import { openMeetingCount } from "@/lib/agents/agents";
import { userRoute } from "@/lib/http/route";

// How many meetings deleting the agent would cancel (shown in the delete confirmation).
export const GET = userRoute<{ id: string }>(async ({ user, params }) => ({ count: await openMeetingCount(user.id, params.id) }));
