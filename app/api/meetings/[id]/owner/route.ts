import { confirmMeetingOwner, confirmOwnerSchema } from "@/lib/meetings/confirm-meeting-owner";
import { parseBody } from "@/lib/validation/parse";
import { signedInRoute } from "@/lib/http/route";

// POST {participantId | null} → which participant of the live meeting is its owner ("That's me"); signed in, not with an API key.
export const POST = signedInRoute<{ id: string }>(async ({ request, user, params }) => {
  const { participantId } = await parseBody(request, confirmOwnerSchema);
  return confirmMeetingOwner(user.id, params.id, participantId);
});
