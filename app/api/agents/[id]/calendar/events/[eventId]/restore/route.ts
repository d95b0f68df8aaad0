import { restoreEvent } from "@/lib/calendar/restore-event";
import { userRoute } from "@/lib/http/route";

// → the event, shown again after a delete, with its meeting scheduled again when it is confirmed and not over.
export const POST = userRoute<{ id: string; eventId: string }>(({ user, params }) => restoreEvent(user.id, params.id, params.eventId));
