import { GET as listRoute, POST as addRoute } from "@/app/api/calendars/route";
import { DELETE as deleteCalendarRoute } from "@/app/api/calendars/[id]/route";
import { POST as syncRoute } from "@/app/api/calendars/[id]/sync/route";
import { GET as userEventsRoute } from "@/app/api/calendars/events/route";
import { GET as agentCalendarRoute } from "@/app/api/agents/[id]/calendar/route";
import { DELETE as deleteEventRoute, PUT as updateEventRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/route";
import { POST as confirmRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/confirm/route";
import { call } from "../http.ts";

// The calendar routes called the way Next.js calls them, for one user's headers.
type Headers = Record<string, string>;

/** POST /api/calendars with a multipart body: `file` plus text fields. */
export async function upload(headers: Headers, text: string, fields: Record<string, string> = {}, fileName = "calendar.ics") {
  const form = new FormData();
  form.set("file", new File([text], fileName, { type: "text/calendar" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const { "content-type": _, ...rest } = headers;
  const request = new Request("http://localhost:3000/api/calendars", { method: "POST", headers: rest, body: form });
  const response = await addRoute(request, { params: Promise.resolve({}) });
  return { status: response.status, body: await response.json() };
}

export const subscribe = (headers: Headers, body: unknown) => call(addRoute, { headers, body, path: "/api/calendars" });
export const listCalendars = (headers: Headers) => call(listRoute, { headers, path: "/api/calendars" });
export const deleteCalendar = (headers: Headers, id: string) => call(deleteCalendarRoute, { method: "DELETE", headers, params: { id } });
export const syncCalendar = (headers: Headers, id: string) => call(syncRoute, { method: "POST", headers, params: { id } });
export const agentCalendar = (headers: Headers, agentId: string, query = "") =>
  call(agentCalendarRoute, { headers, params: { id: agentId }, path: `/api/agents/${agentId}/calendar${query}` });
export const userEvents = (headers: Headers, query = "") => call(userEventsRoute, { headers, path: `/api/calendars/events${query}` });
export const confirm = (headers: Headers, agentId: string, eventId: string) => call(confirmRoute, { method: "POST", headers, params: { id: agentId, eventId } });
export const updateEvent = (headers: Headers, agentId: string, eventId: string, body: unknown) =>
  call(updateEventRoute, { method: "PUT", headers, body, params: { id: agentId, eventId } });
export const deleteEvent = (headers: Headers, agentId: string, eventId: string) => call(deleteEventRoute, { method: "DELETE", headers, params: { id: agentId, eventId } });
