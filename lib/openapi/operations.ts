import { z } from "zod";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "../account/schema.ts";
import { agentInputSchema, statusSchema } from "../agents/schema.ts";
import { createApiKeySchema } from "../api-keys/schema.ts";
import { forgotPasswordSchema, grantSchema, profileSchema, resendVerificationSchema, resetPasswordSchema, revokeSchema, signUpSchema, tokenSchema } from "../auth/schema.ts";
import { autoRefillSchema } from "../billing/auto-refill.ts";
import { topUpSchema } from "../billing/topups.ts";
import { usageQuerySchema } from "../billing/usage-history.ts";
import { rangeQuerySchema, subscribeSchema, updateEventSchema, uploadFieldsSchema } from "../calendar/schema.ts";
import { feedbackSchema } from "../feedback/submit-feedback.ts";
import { activationSchema, joinMeetingSchema, listMeetingsQuerySchema } from "../meetings/schema.ts";
import { keyInputSchema } from "../agents/key-input.ts";
import { previewSchema } from "../voice/preview-voice.ts";
import { exportQuerySchema } from "../summaries/export-meeting.ts";
import { mcpTestSchema } from "../tools/test-mcp-server.ts";
import { createRoomSchema, joinRoomSchema, leaveRoomSchema, sendSignalSchema } from "../rooms/schema.ts";
import { createEndpointSchema, deliveriesQuerySchema, updateEndpointSchema } from "../webhooks/schema.ts";
import * as R from "./responses.ts";

// Every route of /api with the zod schemas it validates its input with (the same objects the
// handlers use) and the schemas of what it answers. The document (build-document.ts) is generated
// from this list; test/openapi checks that every route.ts is in it and that the API tests' real
// responses validate against it.

/**
 * Who may call: `user` a signed-in user by session cookie, access token or API key; `signedIn` the
 * same without API keys (managing keys and webhooks); `public` anyone; `participant` anyone holding a
 * test-room participant key; `feed` the token in the path; `stripe` Stripe's signed webhook.
 */
export type Auth = "user" | "signedIn" | "public" | "participant" | "feed" | "stripe";
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

/** A response that is not described by a JSON schema: its media types and what it is. */
export interface RawResponse {
  mediaTypes: string[];
  description: string;
}

export interface Operation {
  method: Method;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data alternative to the JSON body (file uploads). */
  multipart?: z.ZodType;
  /** Request headers the operation reads (besides authentication). */
  headers?: Record<string, string>;
  /** Success responses: a JSON schema, a non-JSON body, or null for no body. */
  responses: Record<number, z.ZodType | RawResponse | null>;
}

const list = <T extends z.ZodType>(item: T) => z.array(item);
/** The answer after ending every other session: an access-token client gets its new token pair. */
const keptSession = R.Message.extend({ tokens: R.TokenResponse.optional() });
const event = "text/event-stream";

export const OPERATIONS: Operation[] = [
  // ---- account and tokens
  { method: "post", path: "/api/account/signup", operationId: "signUp", tag: "Account", summary: "Create an account (a confirmation link is e-mailed)", auth: "public", body: signUpSchema, responses: { 201: R.Message } },
  { method: "post", path: "/api/account/verify-email", operationId: "verifyEmail", tag: "Account", summary: "Confirm an e-mail address with the token from the link", auth: "public", body: tokenSchema, responses: { 200: R.EmailVerified } },
  { method: "post", path: "/api/account/resend-verification", operationId: "resendVerification", tag: "Account", summary: "Send the confirmation link again", auth: "public", body: resendVerificationSchema, responses: { 202: R.Message } },
  { method: "post", path: "/api/account/forgot-password", operationId: "forgotPassword", tag: "Account", summary: "E-mail a password reset link", auth: "public", body: forgotPasswordSchema, responses: { 202: R.Message } },
  { method: "post", path: "/api/account/reset-password", operationId: "resetPassword", tag: "Account", summary: "Choose a new password with the token from the link", auth: "public", body: resetPasswordSchema, responses: { 200: R.Message } },
  {
    method: "post", path: "/api/token", operationId: "issueToken", tag: "Account", auth: "public", body: grantSchema, responses: { 200: R.TokenResponse },
    summary: "Access and refresh tokens (password or refresh-token grant)",
    description: "Access tokens last 15 minutes; refresh tokens rotate on every use, and a replayed one revokes its family. API keys need no token.",
  },
  { method: "post", path: "/api/token/revoke", operationId: "revokeToken", tag: "Account", summary: "Revoke a refresh token", auth: "public", body: revokeSchema, responses: { 200: z.object({ revoked: z.literal(true) }) } },
  {
    method: "get", path: "/api/auth/{nextauth}", operationId: "nextAuthGet", tag: "Account", auth: "public", responses: { 200: { mediaTypes: ["text/html"], description: "NextAuth.js pages and redirects" } },
    summary: "Browser sign-in (NextAuth.js)", description: "Used by Cohost's own pages (session, CSRF token, providers, OAuth callbacks); not an API for other software.",
  },
  { method: "post", path: "/api/auth/{nextauth}", operationId: "nextAuthPost", tag: "Account", auth: "public", summary: "Browser sign-in and sign-out (NextAuth.js)", responses: { 200: { mediaTypes: ["text/html"], description: "NextAuth.js redirects" } } },
  { method: "get", path: "/api/account", operationId: "getAccountSettings", tag: "Account", summary: "How the user signs in, an open e-mail change and live meetings", auth: "user", responses: { 200: R.AccountSettings } },
  {
    method: "get", path: "/api/account/export", operationId: "exportAccountData", tag: "Account", summary: "Everything the account holds, as a JSON download (no secrets)", auth: "user",
    responses: { 200: { mediaTypes: ["application/json"], description: "A file: profile, agents without keys, meetings with transcripts, calendars, billing" } },
  },
  {
    method: "post", path: "/api/account/password", operationId: "changePassword", tag: "Account", auth: "signedIn", body: changePasswordSchema,
    summary: "Change the password (the current one is required); every other session is signed out",
    description: "The session that asks stays signed in: a browser gets its cookie re-issued, an access-token client gets a new token pair in `tokens`.",
    responses: { 200: keptSession },
  },
  { method: "post", path: "/api/account/sign-out-others", operationId: "signOutOtherSessions", tag: "Account", summary: "Sign out every other browser and app", auth: "signedIn", responses: { 200: keptSession } },
  { method: "post", path: "/api/account/email", operationId: "changeEmail", tag: "Account", summary: "Change the e-mail address: a confirmation link goes to the new one", auth: "signedIn", body: changeEmailSchema, responses: { 202: R.Message } },
  { method: "post", path: "/api/account/email/confirm", operationId: "confirmEmailChange", tag: "Account", summary: "Confirm a new e-mail address with the token from the link", auth: "public", body: tokenSchema, responses: { 200: R.EmailChangeConfirmed } },
  { method: "post", path: "/api/account/delete", operationId: "deleteAccount", tag: "Account", summary: "Delete the account and everything in it (typed e-mail and password)", auth: "signedIn", body: deleteAccountSchema, responses: { 200: R.Message } },
  { method: "get", path: "/api/me/checklist", operationId: "getChecklist", tag: "Account", summary: "The first-run checklist", auth: "user", responses: { 200: R.Checklist } },
  { method: "post", path: "/api/me/checklist/dismiss", operationId: "dismissChecklist", tag: "Account", summary: "Hide the first-run checklist", auth: "user", responses: { 204: null } },
  { method: "get", path: "/api/me", operationId: "getProfile", tag: "Account", summary: "The signed-in user's profile and credit", auth: "user", responses: { 200: R.Profile } },
  { method: "put", path: "/api/me", operationId: "updateProfile", tag: "Account", summary: "Change the user's name", auth: "user", body: profileSchema, responses: { 200: R.Profile } },
  { method: "post", path: "/api/feedback", operationId: "sendFeedback", tag: "Account", summary: "Send feedback to the Cohost team", auth: "user", body: feedbackSchema, responses: { 201: z.object({ id: z.string(), createdAt: z.iso.datetime() }) } },
  { method: "get", path: "/api/health", operationId: "health", tag: "Account", summary: "Liveness and database check", auth: "public", responses: { 200: z.object({ status: z.enum(["ok", "unavailable"]) }), 503: z.object({ status: z.literal("unavailable"), error: z.literal("service_unavailable"), message: z.string() }) } },
  { method: "get", path: "/api/openapi.json", operationId: "openApiDocument", tag: "Account", summary: "This document", auth: "public", responses: { 200: { mediaTypes: ["application/json"], description: "OpenAPI 3.1" } } },

  // ---- API keys and webhooks (never with an API key)
  { method: "get", path: "/api/api-keys", operationId: "listApiKeys", tag: "Developers", summary: "The user's API keys (never the keys themselves)", auth: "signedIn", responses: { 200: list(R.ApiKey) } },
  { method: "post", path: "/api/api-keys", operationId: "createApiKey", tag: "Developers", summary: "Create an API key: the key is in this answer only", auth: "signedIn", body: createApiKeySchema, responses: { 201: R.CreatedApiKey } },
  { method: "delete", path: "/api/api-keys/{id}", operationId: "revokeApiKey", tag: "Developers", summary: "Revoke an API key at once", auth: "signedIn", responses: { 200: R.ApiKey } },
  { method: "get", path: "/api/webhooks", operationId: "listWebhookEndpoints", tag: "Developers", summary: "The user's webhook endpoints", auth: "signedIn", responses: { 200: list(R.WebhookEndpoint) } },
  { method: "post", path: "/api/webhooks", operationId: "createWebhookEndpoint", tag: "Developers", summary: "Add a webhook endpoint: its signing secret is in this answer only", auth: "signedIn", body: createEndpointSchema, responses: { 201: R.CreatedWebhookEndpoint } },
  { method: "get", path: "/api/webhooks/{id}", operationId: "getWebhookEndpoint", tag: "Developers", summary: "One webhook endpoint", auth: "signedIn", responses: { 200: R.WebhookEndpoint } },
  { method: "patch", path: "/api/webhooks/{id}", operationId: "updateWebhookEndpoint", tag: "Developers", summary: "Change an endpoint, or turn it off and on", auth: "signedIn", body: updateEndpointSchema, responses: { 200: R.WebhookEndpoint } },
  { method: "delete", path: "/api/webhooks/{id}", operationId: "deleteWebhookEndpoint", tag: "Developers", summary: "Delete an endpoint and its delivery log", auth: "signedIn", responses: { 200: z.object({ deleted: z.literal(true) }) } },
  { method: "post", path: "/api/webhooks/{id}/test", operationId: "sendTestEvent", tag: "Developers", summary: "Send a webhook.test event to this endpoint", auth: "signedIn", responses: { 201: R.WebhookDelivery } },
  { method: "get", path: "/api/webhooks/{id}/deliveries", operationId: "listWebhookDeliveries", tag: "Developers", summary: "The endpoint's delivery log, newest first", auth: "signedIn", query: deliveriesQuerySchema, responses: { 200: R.WebhookDeliveries } },
  { method: "post", path: "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", operationId: "redeliverWebhook", tag: "Developers", summary: "Send a delivery again, with the same webhook-id", auth: "signedIn", responses: { 202: z.object({ queued: z.literal(true) }) } },

  // ---- agents and providers
  { method: "get", path: "/api/agents", operationId: "listAgents", tag: "Agents", summary: "The user's agents", auth: "user", responses: { 200: list(R.Agent) } },
  { method: "post", path: "/api/agents", operationId: "createAgent", tag: "Agents", summary: "Register an agent", auth: "user", body: agentInputSchema, responses: { 201: R.Agent } },
  { method: "get", path: "/api/agents/{id}", operationId: "getAgent", tag: "Agents", summary: "One agent", auth: "user", responses: { 200: R.Agent } },
  { method: "put", path: "/api/agents/{id}", operationId: "updateAgent", tag: "Agents", summary: "Change an agent (an omitted key keeps the stored one, \"\" clears it)", auth: "user", body: agentInputSchema, responses: { 200: R.Agent } },
  { method: "delete", path: "/api/agents/{id}", operationId: "deleteAgent", tag: "Agents", summary: "Delete an agent, cancelling its open meetings", auth: "user", responses: { 200: R.Deleted } },
  { method: "patch", path: "/api/agents/{id}/status", operationId: "setAgentStatus", tag: "Agents", summary: "Pause or resume an agent", auth: "user", body: statusSchema, responses: { 200: R.Agent } },
  { method: "get", path: "/api/providers/{kind}", operationId: "listProviders", tag: "Agents", summary: "Active providers of one kind (stt, ai or tts)", auth: "user", responses: { 200: list(R.Provider) } },
  { method: "get", path: "/api/providers/defaults", operationId: "providerDefaults", tag: "Agents", summary: "Each kind's default provider and model", auth: "user", responses: { 200: R.ProviderDefaults } },
  { method: "post", path: "/api/providers/{kind}/{providerId}/verify", operationId: "verifyProviderKey", tag: "Agents", summary: "Test a provider key with the provider's cheapest call", auth: "user", body: keyInputSchema, responses: { 200: R.KeyCheck } },
  { method: "post", path: "/api/providers/{kind}/{providerId}/preview", operationId: "previewVoice", tag: "Agents", summary: "Speak a short sample with a text-to-speech provider, voice and key", auth: "user", body: previewSchema, responses: { 200: { mediaTypes: ["audio/wav"], description: "The sample, 16-bit mono PCM in a WAV file" } } },
  { method: "post", path: "/api/providers/{kind}/{providerId}/models", operationId: "listAccountModels", tag: "Agents", summary: "The models and voices a key can use at the provider, the catalogue's as the fallback", auth: "user", body: keyInputSchema, responses: { 200: R.AccountModels } },
  { method: "post", path: "/api/mcp/test", operationId: "testMcpServer", tag: "Agents", summary: "Test connection: connect to an MCP tool server and list its tools", auth: "user", body: mcpTestSchema, responses: { 200: R.McpTestResult } },

  // ---- meetings
  { method: "get", path: "/api/meetings", operationId: "listMeetings", tag: "Meetings", summary: "The user's meetings, newest first", auth: "user", query: listMeetingsQuerySchema, responses: { 200: R.MeetingList } },
  { method: "post", path: "/api/meetings/join", operationId: "joinMeeting", tag: "Meetings", summary: "Send an agent to a meeting now, or at startAt", auth: "user", body: joinMeetingSchema, responses: { 201: R.Meeting } },
  { method: "get", path: "/api/meetings/{id}/details", operationId: "getMeetingDetails", tag: "Meetings", summary: "A meeting with its timeline, participants, transcript, usage and cost", auth: "user", responses: { 200: R.MeetingDetails } },
  {
    method: "get", path: "/api/meetings/{id}/events", operationId: "streamMeetingEvents", tag: "Meetings", auth: "user",
    summary: "The meeting's status changes and transcript segments as Server-Sent Events",
    description:
      "Each event has the meeting's event number as its SSE id, its type as the SSE event name and {id, type, timestamp, data} as data (the webhook body, with the webhook-id). Send Last-Event-ID to resume after an event; without it the stream starts with the meeting's history, or with what comes next when since=now. A comment line every 15 s keeps it open; `end` is sent when the meeting reaches a final status, and the stream closes. 204 when the meeting has ended and nothing is left to send.",
    query: z.object({ since: z.literal("now").optional() }),
    headers: { "Last-Event-ID": "The last event number received" },
    responses: { 200: { mediaTypes: [event], description: "meeting.status_changed and meeting.transcript.segment events, then end" }, 204: null },
  },
  { method: "post", path: "/api/meetings/{id}/start", operationId: "startMeeting", tag: "Meetings", summary: "Start a scheduled meeting now", auth: "user", responses: { 200: R.Meeting } },
  { method: "post", path: "/api/meetings/{id}/stop", operationId: "stopMeeting", tag: "Meetings", summary: "Take the agent out of the meeting", auth: "user", responses: { 200: R.Meeting } },
  { method: "post", path: "/api/meetings/{id}/restart", operationId: "restartMeeting", tag: "Meetings", summary: "Send the agent in again", auth: "user", responses: { 200: R.Meeting } },
  { method: "post", path: "/api/meetings/{id}/cancel", operationId: "cancelMeeting", tag: "Meetings", summary: "Cancel a meeting before the call", auth: "user", responses: { 200: R.Meeting } },
  { method: "post", path: "/api/meetings/{id}/activation", operationId: "setMeetingActivation", tag: "Meetings", summary: "Turn manual activation on or off", auth: "user", body: activationSchema, responses: { 200: R.Meeting } },
  { method: "post", path: "/api/meetings/{id}/summary", operationId: "writeMeetingSummary", tag: "Meetings", summary: "Write an ended meeting's summary (again), e.g. after it failed", auth: "user", responses: { 200: R.MeetingSummary } },
  {
    method: "get", path: "/api/meetings/{id}/export", operationId: "exportMeeting", tag: "Meetings", summary: "The transcript, summary and notes as a download", auth: "user", query: exportQuerySchema,
    responses: { 200: { mediaTypes: ["text/markdown", "text/plain", "text/vtt", "application/x-subrip", "application/json"], description: "Markdown, plain text, WebVTT, SRT or JSON" } },
  },
  {
    method: "get", path: "/api/meetings/{id}/artifacts/{file}", operationId: "getMeetingArtifact", tag: "Meetings", summary: "A failure screenshot or page HTML the bot saved", auth: "user",
    responses: { 200: { mediaTypes: ["image/png", "text/html"], description: "The screenshot, or the page's HTML" } },
  },

  // ---- calendars
  { method: "get", path: "/api/calendars", operationId: "listCalendars", tag: "Calendars", summary: "The user's calendars", auth: "user", responses: { 200: list(R.Calendar) } },
  {
    method: "post", path: "/api/calendars", operationId: "addCalendar", tag: "Calendars", auth: "user", body: subscribeSchema,
    multipart: uploadFieldsSchema.extend({ file: z.string().meta({ format: "binary", description: "The .ics file" }) }),
    summary: "Subscribe to an ICS address (JSON) or upload an .ics file (multipart)",
    responses: { 201: R.Calendar, 200: R.Calendar },
  },
  { method: "delete", path: "/api/calendars/{id}", operationId: "deleteCalendar", tag: "Calendars", summary: "Remove a calendar and the events only it carried", auth: "user", responses: { 200: R.Deleted } },
  { method: "post", path: "/api/calendars/{id}/sync", operationId: "syncCalendar", tag: "Calendars", summary: "Read the calendar again now", auth: "user", responses: { 200: R.Calendar } },
  { method: "get", path: "/api/calendars/events", operationId: "listUserEvents", tag: "Calendars", summary: "All the user's agents' events", auth: "user", query: rangeQuerySchema, responses: { 200: R.CalendarEvents } },
  { method: "get", path: "/api/calendars/feed", operationId: "showUserFeed", tag: "Calendars", summary: "The current address of the feed of all the user's meetings", auth: "user", responses: { 200: R.FeedAddress } },
  { method: "post", path: "/api/calendars/regenerate-token", operationId: "regenerateUserFeedToken", tag: "Calendars", summary: "A new address for the feed of all the user's meetings", auth: "user", responses: { 200: R.FeedToken } },
  { method: "get", path: "/api/agents/{id}/calendar", operationId: "getAgentCalendar", tag: "Calendars", summary: "One agent's events", auth: "user", query: rangeQuerySchema, responses: { 200: R.CalendarEvents } },
  { method: "get", path: "/api/agents/{id}/calendar/feed", operationId: "showAgentFeed", tag: "Calendars", summary: "The current address of the agent's meeting feed", auth: "user", responses: { 200: R.FeedAddress } },
  { method: "post", path: "/api/agents/{id}/calendar/regenerate-token", operationId: "regenerateAgentFeedToken", tag: "Calendars", summary: "A new address for the agent's meeting feed", auth: "user", responses: { 200: R.FeedToken } },
  { method: "put", path: "/api/agents/{id}/calendar/events/{eventId}", operationId: "updateCalendarEvent", tag: "Calendars", summary: "Change an event (its meeting follows)", auth: "user", body: updateEventSchema, responses: { 200: R.CalendarEvent } },
  { method: "delete", path: "/api/agents/{id}/calendar/events/{eventId}", operationId: "deleteCalendarEvent", tag: "Calendars", summary: "Delete an event (its meeting is cancelled)", auth: "user", responses: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } },
  { method: "post", path: "/api/agents/{id}/calendar/events/{eventId}/confirm", operationId: "confirmCalendarEvent", tag: "Calendars", summary: "Confirm an event: its meeting is scheduled", auth: "user", responses: { 200: R.CalendarEvent } },
  { method: "post", path: "/api/agents/{id}/calendar/events/{eventId}/restore", operationId: "restoreCalendarEvent", tag: "Calendars", summary: "Undo an event's deletion (its meeting is scheduled again when confirmed and not over)", auth: "user", responses: { 200: R.CalendarEvent } },
  {
    method: "get", path: "/api/feeds/{token}", operationId: "getFeed", tag: "Calendars", summary: "A meeting feed for calendar apps (the token is the key)", auth: "feed",
    responses: { 200: { mediaTypes: ["text/calendar"], description: "iCalendar" } },
  },
  { method: "head", path: "/api/feeds/{token}", operationId: "headFeed", tag: "Calendars", summary: "Whether a feed address works", auth: "feed", responses: { 200: null } },

  // ---- billing
  { method: "post", path: "/api/billing/topup", operationId: "startTopUp", tag: "Billing", summary: "Start a top-up: answers the checkout to send the user to", auth: "user", body: topUpSchema, responses: { 200: R.Checkout } },
  { method: "get", path: "/api/billing/auto-refill", operationId: "getAutoRefill", tag: "Billing", summary: "Auto-refill settings", auth: "user", responses: { 200: R.AutoRefill } },
  { method: "post", path: "/api/billing/auto-refill", operationId: "enableAutoRefill", tag: "Billing", summary: "Turn on auto-refill", auth: "user", body: autoRefillSchema, responses: { 200: R.AutoRefill } },
  { method: "post", path: "/api/billing/auto-refill/disable", operationId: "disableAutoRefill", tag: "Billing", summary: "Turn off auto-refill", auth: "user", responses: { 200: R.AutoRefill } },
  { method: "get", path: "/api/billing/usage-history", operationId: "usageHistory", tag: "Billing", summary: "Usage charges, newest first (group=meeting: one row per meeting)", auth: "user", query: usageQuerySchema, responses: { 200: R.UsageHistory } },
  { method: "get", path: "/api/billing/topup-history", operationId: "topUpHistory", tag: "Billing", summary: "Top-ups, newest first", auth: "user", responses: { 200: list(R.TopUp) } },
  { method: "get", path: "/api/billing/pricing-rates", operationId: "pricingRates", tag: "Billing", summary: "Current prices", auth: "user", responses: { 200: list(R.PricingRate) } },
  { method: "get", path: "/api/billing/spend-per-day", operationId: "spendPerDay", tag: "Billing", summary: "Spend per day, last 30 days (UTC)", auth: "user", responses: { 200: list(R.SpendDay) } },
  { method: "post", path: "/api/billing/test-checkout/{id}/pay", operationId: "payTestCheckout", tag: "Billing", summary: "Pay a test-mode checkout (servers without Stripe)", auth: "user", responses: { 200: R.TestPayment } },
  {
    method: "post", path: "/api/billing/webhook", operationId: "stripeWebhook", tag: "Billing", summary: "Stripe's webhook (signed by Stripe)", auth: "stripe",
    responses: { 200: z.object({ received: z.literal(true), result: z.unknown() }) },
  },

  // ---- test room
  { method: "post", path: "/api/rooms", operationId: "createRoom", tag: "Test room", summary: "A new test room", auth: "user", body: createRoomSchema, responses: { 201: R.Room } },
  { method: "post", path: "/api/rooms/{id}/participants", operationId: "joinRoom", tag: "Test room", summary: "Join a room (anyone with its link)", auth: "public", body: joinRoomSchema, responses: { 201: R.RoomJoined } },
  {
    method: "get", path: "/api/rooms/{id}/participants/{participantId}/events", operationId: "roomEvents", tag: "Test room", summary: "A participant's room events (Server-Sent Events)", auth: "participant",
    query: z.object({ key: z.string().meta({ description: "The participant key from joining" }) }),
    headers: { "Last-Event-ID": "The last signal received" },
    responses: { 200: { mediaTypes: [event], description: "self, roster, signal, transcript, closed" } },
  },
  { method: "post", path: "/api/rooms/{id}/participants/{participantId}/signals", operationId: "sendRoomSignal", tag: "Test room", summary: "WebRTC signalling to another participant", auth: "participant", body: sendSignalSchema, responses: { 201: z.object({ id: z.string() }) } },
  { method: "post", path: "/api/rooms/{id}/participants/{participantId}/leave", operationId: "leaveRoom", tag: "Test room", summary: "Leave the room", auth: "participant", body: leaveRoomSchema, responses: { 204: null } },
];
