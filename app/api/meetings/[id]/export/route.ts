import { userRoute } from "@/lib/http/route";
import { exportMeeting } from "@/lib/summaries/export-meeting";

// The meeting as a download: ?format=md|txt|vtt|srt|json.
export const GET = userRoute<{ id: string }>(({ request, user, params }) => exportMeeting(user.id, params.id, new URL(request.url).searchParams));
