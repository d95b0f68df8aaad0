import { setMeetingActivation } from "@/lib/meetings/set-meeting-activation";
import { activationSchema } from "@/lib/meetings/schema";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

// POST {active} → the meeting: manual activation of its agent, toggled by the meeting's owner.
export const POST = userRoute<{ id: string }>(async ({ request, user, params }) => {
  const { active } = await parseBody(request, activationSchema);
  return setMeetingActivation(user.id, params.id, active);
});
