import { subscribeCalendar, uploadCalendar } from "@/lib/calendar/add-calendar";
import { listCalendars } from "@/lib/calendar/list-calendars";
import { readUpload } from "@/lib/calendar/read-upload";
import { readJson } from "@/lib/validation/parse";
import { json, userRoute } from "@/lib/http/route";

// GET: the user's calendars. POST: multipart `file` (+ agentId?, name?) uploads an .ics; JSON
// {url, name?, agentId?} subscribes to an ICS address → 201 the calendar (200 when the agent already
// had that file or address: it is imported again instead of added twice).
export const GET = userRoute(({ user }) => listCalendars(user.id));

export const POST = userRoute(async ({ request, user }) => {
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const { calendar, created } = multipart ? await uploadCalendar(user.id, await readUpload(request)) : await subscribeCalendar(user.id, await readJson(request));
  return json(calendar, { status: created ? 201 : 200 });
});
