import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { deletedWithMeetingsResponse } from "../meetings/serialize.ts";
import { connectOptionsResponse } from "./connect/connect-options.ts";
import { feedAddressResponse, feedTokenResponse } from "./feed-token.ts";
import { joinRuleSchema, rangeQuerySchema, subscribeSchema, switchEventSchema, updateEventSchema, uploadFieldsSchema } from "./schema.ts";
import { calendarEventResponse, calendarEventsResponse, calendarResponse } from "./serialize.ts";

// Calendars the agents read, their events (each with its meeting) and the meeting feeds calendar apps subscribe to.

export const CALENDAR_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/calendars", operationId: "listCalendars", tag: "Calendars", summary: "The user's calendars", auth: "user", responses: { 200: z.array(calendarResponse) } },
  {
    method: "post", path: "/api/calendars", operationId: "addCalendar", tag: "Calendars", auth: "user", body: subscribeSchema,
    multipart: uploadFieldsSchema.extend({ file: z.string().meta({ format: "binary", description: "The .ics file" }) }),
    summary: "Subscribe to an ICS address (JSON) or upload an .ics file (multipart)",
    responses: { 201: calendarResponse, 200: calendarResponse },
  },
  { method: "delete", path: "/api/calendars/{id}", operationId: "deleteCalendar", tag: "Calendars", summary: "Remove a calendar and the events only it carried", auth: "user", responses: { 200: deletedWithMeetingsResponse } },
  {
    method: "patch", path: "/api/calendars/{id}", operationId: "setCalendarJoinRule", tag: "Calendars", auth: "user", body: joinRuleSchema,
    summary: "Which meetings the agent joins from a connected calendar (all, organized, accepted, keyword)",
    description: "Only connected Google and Microsoft calendars (409 otherwise). `keyword` needs `joinKeyword` (the title contains it, case-insensitive). The rule applies at the import this queues at once (`importing: true`).",
    responses: { 200: calendarResponse },
  },
  { method: "post", path: "/api/calendars/{id}/sync", operationId: "syncCalendar", tag: "Calendars", summary: "Read the calendar again now", auth: "user", responses: { 200: calendarResponse } },
  { method: "get", path: "/api/calendars/events", operationId: "listUserEvents", tag: "Calendars", summary: "All the user's agents' events", auth: "user", query: rangeQuerySchema, responses: { 200: calendarEventsResponse } },
  { method: "get", path: "/api/calendars/feed", operationId: "showUserFeed", tag: "Calendars", summary: "The current address of the feed of all the user's meetings", auth: "user", responses: { 200: feedAddressResponse } },
  { method: "post", path: "/api/calendars/regenerate-token", operationId: "regenerateUserFeedToken", tag: "Calendars", summary: "A new address for the feed of all the user's meetings", auth: "user", responses: { 200: feedTokenResponse } },
  { method: "get", path: "/api/agents/{id}/calendar", operationId: "getAgentCalendar", tag: "Calendars", summary: "One agent's events", auth: "user", query: rangeQuerySchema, responses: { 200: calendarEventsResponse } },
  { method: "get", path: "/api/agents/{id}/calendar/feed", operationId: "showAgentFeed", tag: "Calendars", summary: "The current address of the agent's meeting feed", auth: "user", responses: { 200: feedAddressResponse } },
  { method: "post", path: "/api/agents/{id}/calendar/regenerate-token", operationId: "regenerateAgentFeedToken", tag: "Calendars", summary: "A new address for the agent's meeting feed", auth: "user", responses: { 200: feedTokenResponse } },
  { method: "put", path: "/api/agents/{id}/calendar/events/{eventId}", operationId: "updateCalendarEvent", tag: "Calendars", summary: "Change an event (its meeting follows)", auth: "user", body: updateEventSchema, responses: { 200: calendarEventResponse } },
  {
    method: "patch", path: "/api/agents/{id}/calendar/events/{eventId}", operationId: "switchCalendarEvent", tag: "Calendars", auth: "user", body: switchEventSchema,
    summary: "Switch the agent on or off for one event, over its calendar's rule (null: the rule decides)",
    description: "Switched on, the agent's access control and confirmation still apply (`status` blocked or pending). The event's `join` says whether Cohost will join and why not.",
    responses: { 200: calendarEventResponse },
  },
  { method: "delete", path: "/api/agents/{id}/calendar/events/{eventId}", operationId: "deleteCalendarEvent", tag: "Calendars", summary: "Delete an event (its meeting is cancelled)", auth: "user", responses: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } },
  { method: "post", path: "/api/agents/{id}/calendar/events/{eventId}/confirm", operationId: "confirmCalendarEvent", tag: "Calendars", summary: "Confirm an event: its meeting is scheduled", auth: "user", responses: { 200: calendarEventResponse } },
  { method: "post", path: "/api/agents/{id}/calendar/events/{eventId}/restore", operationId: "restoreCalendarEvent", tag: "Calendars", summary: "Undo an event's deletion (its meeting is scheduled again when confirmed and not over)", auth: "user", responses: { 200: calendarEventResponse } },
  { method: "get", path: "/api/calendars/connect", operationId: "calendarConnectOptions", tag: "Calendars", summary: "Which calendar providers can be connected, and whether their changes are pushed", auth: "user", responses: { 200: connectOptionsResponse } },
  {
    method: "get", path: "/api/calendars/connect/{provider}", operationId: "connectCalendar", tag: "Calendars", auth: "user",
    summary: "Connect a Google or Microsoft calendar: to the provider's consent page (a link for the browser)",
    description: "`provider` is `google` or `microsoft`; `agentId` the agent the calendar is for (else the user's only agent); `back` the page to return to (`/calendar` or `/agents/{id}/calendar`). The page gets `?connected=<provider>` or `?connectError=<why>`.",
    query: z.object({ agentId: z.string().optional(), back: z.string().optional() }),
    responses: { 303: null },
  },
  {
    method: "get", path: "/api/calendars/connect/{provider}/callback", operationId: "connectCalendarCallback", tag: "Calendars", auth: "user",
    summary: "The provider's redirect after consent (OAuth 2.0 authorization code with PKCE; the state is bound to the session)",
    query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
    responses: { 303: null },
  },
  { method: "post", path: "/api/calendars/push/google", operationId: "googleCalendarPush", tag: "Calendars", auth: "public", summary: "Google Calendar push notifications (the channel token is checked)", responses: { 200: null } },
  {
    method: "post", path: "/api/calendars/push/microsoft", operationId: "graphCalendarPush", tag: "Calendars", auth: "public", summary: "Microsoft Graph change notifications (validation handshake; clientState is checked)",
    responses: { 200: { mediaTypes: ["text/plain"], description: "The validationToken, echoed" }, 202: null },
  },
  {
    method: "post", path: "/api/calendars/push/microsoft/lifecycle", operationId: "graphCalendarLifecycle", tag: "Calendars", auth: "public", summary: "Microsoft Graph lifecycle notifications (reauthorizationRequired, subscriptionRemoved, missed)",
    responses: { 200: { mediaTypes: ["text/plain"], description: "The validationToken, echoed" }, 202: null },
  },
  {
    method: "get", path: "/api/feeds/{token}", operationId: "getFeed", tag: "Calendars", summary: "A meeting feed for calendar apps (the token is the key)", auth: "feed",
    responses: { 200: { mediaTypes: ["text/calendar"], description: "iCalendar" } },
  },
  { method: "head", path: "/api/feeds/{token}", operationId: "headFeed", tag: "Calendars", summary: "Whether a feed address works", auth: "feed", responses: { 200: null } },
];
