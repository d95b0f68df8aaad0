import { deleteEvent } from "@/lib/calendar/delete-event";
import { switchEvent } from "@/lib/calendar/switch-event";
import { updateEvent } from "@/lib/calendar/update-event";
import { readJson } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

type Params = { id: string; eventId: string };

// PUT {title?, start?, end?, meetingUrl?} → the event (its meeting follows). DELETE → {id, deleted}.
export const PUT = userRoute<Params>(async ({ request, user, params }) => updateEvent(user.id, params.id, params.eventId, await readJson(request)));

export const DELETE = userRoute<Params>(({ user, params }) => deleteEvent(user.id, params.id, params.eventId));

// PATCH {join: true | false | null}: this event's switch over its calendar's rule → the event.
export const PATCH = userRoute<Params>(async ({ request, user, params }) => switchEvent(user.id, params.id, params.eventId, await readJson(request)));
