import { stopMeeting } from "@/lib/meetings/stop-meeting";
import { userRoute } from "@/lib/http/route";

// → the updated meeting, or 409 naming its current status (lib/meetings/stop-meeting.ts).
export const POST = userRoute<{ id: string }>(({ user, params }) => stopMeeting(user.id, params.id));
