import { GET as listRoute, POST as addRoute } from "@/app/api/calendars/route";
import { DELETE as deleteCalendarRoute } from "@/app/api/calendars/[id]/route";
import { POST as syncRoute } from "@/app/api/calendars/[id]/sync/route";
import { GET as userEventsRoute } from "@/app/api/calendars/events/route";
import { GET as agentCalendarRoute } from "@/app/api/agents/[id]/calendar/route";
import { DELETE as deleteEventRoute, PUT as updateEventRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/route";
import { POST as confirmRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/confirm/route";
import { POST as restoreRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/restore/route";
import { runCalendarImport } from "@/lib/calendar/run-import";
import { call } from "../http.ts";

// The calendar routes called the way Next.js calls them, for one user's headers.
type Headers = Record<string, string>;
type Answer = { status: number; body: any; headers: globalThis.Headers };

export const listCalendars = (headers: Headers) => call(listRoute, { headers, path: "/api/calendars" });

/**
 * Adding or refreshing a calendar answers at once with `importing: true` and leaves the import to the
 * jobs process. These helpers then do what the jobs process does with the job (runCalendarImport)
 * and answer with the calendar as it is afterwards; `queued` is the route's own answer. (No jobs
 * process runs under Vitest; the job itself is checked in calendars-api.test.ts, the process in e2e.)
 */
async function imported(headers: Headers, answer: Answer): Promise<Answer & { queued: any }> {
  if (answer.status >= 300 || !answer.body?.importing) return { ...answer, queued: answer.body };
  await runCalendarImport(answer.body.id);
  const after = (await listCalendars(headers)).body.find((c: { id: string }) => c.id === answer.body.id);
  return { ...answer, body: after, queued: answer.body };
}

/** POST /api/calendars with a multipart body: `file` plus text fields, then its import. */
export async function upload(headers: Headers, text: string, fields: Record<string, string> = {}, fileName = "calendar.ics") {
  const form = new FormData();
  form.set("file", new File([text], fileName, { type: "text/calendar" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const { "content-type": _, ...rest } = headers;
  const request = new Request("http://localhost:3000/api/calendars", { method: "POST", headers: rest, body: form });
  const response = await addRoute(request, { params: Promise.resolve({}) });
  return imported(headers, { status: response.status, body: await response.json(), headers: response.headers });
}

export const subscribe = async (headers: Headers, body: unknown) => imported(headers, await call(addRoute, { headers, body, path: "/api/calendars" }));
export const deleteCalendar = (headers: Headers, id: string) => call(deleteCalendarRoute, { method: "DELETE", headers, params: { id } });
export const syncCalendar = async (headers: Headers, id: string) => imported(headers, await call(syncRoute, { method: "POST", headers, params: { id } }));
export const agentCalendar = (headers: Headers, agentId: string, query = "") =>
  call(agentCalendarRoute, { headers, params: { id: agentId }, path: `/api/agents/${agentId}/calendar${query}` });
export const userEvents = (headers: Headers, query = "") => call(userEventsRoute, { headers, path: `/api/calendars/events${query}` });
export const confirm = (headers: Headers, agentId: string, eventId: string) => call(confirmRoute, { method: "POST", headers, params: { id: agentId, eventId } });
export const updateEvent = (headers: Headers, agentId: string, eventId: string, body: unknown) =>
  call(updateEventRoute, { method: "PUT", headers, body, params: { id: agentId, eventId } });
export const deleteEvent = (headers: Headers, agentId: string, eventId: string) => call(deleteEventRoute, { method: "DELETE", headers, params: { id: agentId, eventId } });
export const restoreEvent = (headers: Headers, agentId: string, eventId: string) => call(restoreRoute, { method: "POST", headers, params: { id: agentId, eventId } });
