import { getMeetingDetails } from "@/lib/meetings/get-meeting-details";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute<{ id: string }>(({ user, params }) => getMeetingDetails(user.id, params.id));
