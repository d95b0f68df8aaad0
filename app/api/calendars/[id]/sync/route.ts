import { refreshCalendar } from "@/lib/calendar/refresh-calendar";
import { userRoute } from "@/lib/http/route";

// Re-reads the calendar now → the calendar (with `error` set if reading failed; its events are kept).
export const POST = userRoute<{ id: string }>(({ user, params }) => refreshCalendar(user.id, params.id));
