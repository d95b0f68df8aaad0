import { deleteCalendar } from "@/lib/calendar/delete-calendar";
import { setJoinRule } from "@/lib/calendar/set-join-rule";
import { userRoute } from "@/lib/http/route";
import { readJson } from "@/lib/validation/parse";

// Removes the calendar and the events only it carried → {deleted, cancelledMeetings}.
export const DELETE = userRoute<{ id: string }>(({ user, params }) => deleteCalendar(user.id, params.id));

// PATCH {joinRule, joinKeyword?} (connected calendars): which meetings the agent joins → the calendar, importing.
export const PATCH = userRoute<{ id: string }>(async ({ request, user, params }) => setJoinRule(user.id, params.id, await readJson(request)));
