import { startMeeting } from "@/lib/meetings/start-meeting";
import { userRoute } from "@/lib/http/route";

// → the updated meeting, or 409 naming its current status (lib/meetings/start-meeting.ts).
export const POST = userRoute<{ id: string }>(({ user, params }) => startMeeting(user.id, params.id));
