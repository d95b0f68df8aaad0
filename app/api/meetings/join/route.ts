import { joinMeeting } from "@/lib/meetings/join-meeting";
import { readJson } from "@/lib/validation/parse";
import { json, userRoute } from "@/lib/http/route";

// POST {agentId, meetingUrl, title?, startAt?} → 201 the meeting (joining now, or scheduled).
export const POST = userRoute(async ({ request, user }) => json(await joinMeeting(user.id, await readJson(request)), { status: 201 }));
