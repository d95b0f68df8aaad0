import { deleteCalendar } from "@/lib/calendar/delete-calendar";
import { userRoute } from "@/lib/http/route";

// Removes the calendar and the events only it carried → {deleted, cancelledMeetings}.
export const DELETE = userRoute<{ id: string }>(({ user, params }) => deleteCalendar(user.id, params.id));
