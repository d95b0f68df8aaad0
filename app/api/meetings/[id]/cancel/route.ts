import { cancelMeeting } from "@/lib/meetings/cancel-meeting";
import { userRoute } from "@/lib/http/route";

// → the updated meeting, or 409 naming its current status (lib/meetings/cancel-meeting.ts).
export const POST = userRoute<{ id: string }>(({ user, params }) => cancelMeeting(user.id, params.id));
