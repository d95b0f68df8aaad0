import { confirmEvent } from "@/lib/calendar/confirm-event";
import { userRoute } from "@/lib/http/route";

// → the event, confirmed, with its meeting scheduled (once, however often it is confirmed).
export const POST = userRoute<{ id: string; eventId: string }>(({ user, params }) => confirmEvent(user.id, params.id, params.eventId));
