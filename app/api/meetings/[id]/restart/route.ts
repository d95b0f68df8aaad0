import { restartMeeting } from "@/lib/meetings/restart-meeting";
import { userRoute } from "@/lib/http/route";

// → the updated meeting, or 409 naming its current status (lib/meetings/restart-meeting.ts).
export const POST = userRoute<{ id: string }>(({ user, params }) => restartMeeting(user.id, params.id));
