import { z } from "zod";
import { EVENT_STREAM, type Operation } from "../contract/operation.ts";
import { confirmOwnerSchema } from "./confirm-meeting-owner.ts";
import { messageResponse } from "../contract/fields.ts";
import { meetingDetailsResponse } from "./get-meeting-details.ts";
import { recordingResponse } from "./serialize-recording.ts";
import { activationSchema, joinMeetingSchema, listMeetingsQuerySchema } from "./schema.ts";
import { meetingListResponse, meetingResponse } from "./serialize.ts";

// Meetings: sending an agent, following and steering it, what it left behind. The summary and the
// export are the summaries runtime's (lib/summaries/openapi.ts).

export const MEETING_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/meetings", operationId: "listMeetings", tag: "Meetings", summary: "The user's meetings, newest first", auth: "user", query: listMeetingsQuerySchema, responses: { 200: meetingListResponse } },
  { method: "post", path: "/api/meetings/join", operationId: "joinMeeting", tag: "Meetings", summary: "Send an agent to a meeting now, or at startAt", auth: "user", body: joinMeetingSchema, responses: { 201: meetingResponse } },
  { method: "get", path: "/api/meetings/{id}/details", operationId: "getMeetingDetails", tag: "Meetings", summary: "A meeting with its timeline, participants, transcript, usage and cost", auth: "user", responses: { 200: meetingDetailsResponse } },
  {
    method: "get", path: "/api/meetings/{id}/events", operationId: "streamMeetingEvents", tag: "Meetings", auth: "user",
    summary: "The meeting's status changes and transcript segments as Server-Sent Events",
    description:
      "Each event has the meeting's event number as its SSE id, its type as the SSE event name and {id, type, timestamp, data} as data (the webhook body, with the webhook-id). Send Last-Event-ID to resume after an event; without it the stream starts with the meeting's history, or with what comes next when since=now. A comment line every 15 s keeps it open; `end` is sent when the meeting reaches a final status, and the stream closes. 204 when the meeting has ended and nothing is left to send.",
    query: z.object({ since: z.literal("now").optional() }),
    headers: { "Last-Event-ID": "The last event number received" },
    responses: { 200: { mediaTypes: [EVENT_STREAM], description: "meeting.status_changed and meeting.transcript.segment events, then end" }, 204: null },
  },
  { method: "post", path: "/api/meetings/{id}/start", operationId: "startMeeting", tag: "Meetings", summary: "Start a scheduled meeting now", auth: "user", responses: { 200: meetingResponse } },
  { method: "post", path: "/api/meetings/{id}/stop", operationId: "stopMeeting", tag: "Meetings", summary: "Take the agent out of the meeting", auth: "user", responses: { 200: meetingResponse } },
  { method: "post", path: "/api/meetings/{id}/restart", operationId: "restartMeeting", tag: "Meetings", summary: "Send the agent in again", auth: "user", responses: { 200: meetingResponse } },
  { method: "post", path: "/api/meetings/{id}/cancel", operationId: "cancelMeeting", tag: "Meetings", summary: "Cancel a meeting before the call", auth: "user", responses: { 200: meetingResponse } },
  { method: "post", path: "/api/meetings/{id}/activation", operationId: "setMeetingActivation", tag: "Meetings", summary: "Turn manual activation on or off", auth: "user", body: activationSchema, responses: { 200: meetingResponse } },
  {
    method: "post", path: "/api/meetings/{id}/owner", operationId: "confirmMeetingOwner", tag: "Meetings", auth: "user",
    summary: "Say which participant of the live meeting is you (\"That's me\"), or null",
    description: "On Meet, Teams and Zoom the agent's owner-only tools answer only this participant, bound by the platform's participant id for this meeting, and not while someone else in the call shows the same name. Not in the test room (joining signed in is the proof there). Signed-in users only: API keys are refused.",
    body: confirmOwnerSchema,
    responses: { 200: z.object({ ownerParticipantId: z.string().nullable() }) },
  },
  {
    method: "get", path: "/api/meetings/{id}/recording", operationId: "getMeetingRecording", tag: "Meetings", auth: "user",
    summary: "The meeting's recording: status, duration, size and fresh signed URLs of its parts",
    description: "Only the owner (and the owner's API keys); another user's meeting is 404. The URLs need no other credentials, answer Range requests and expire at urlExpiresAt (a changed or expired one is 403): fetch this again for new ones.",
    responses: { 200: recordingResponse },
  },
  { method: "delete", path: "/api/meetings/{id}/recording", operationId: "deleteMeetingRecording", tag: "Meetings", summary: "Delete the meeting's recording (its audio; the meeting says it was deleted)", auth: "user", responses: { 200: messageResponse } },
  {
    method: "get", path: "/api/meetings/{id}/artifacts/{file}", operationId: "getMeetingArtifact", tag: "Meetings", summary: "A failure screenshot or page HTML the bot saved", auth: "user",
    responses: { 200: { mediaTypes: ["image/png", "text/html"], description: "The screenshot, or the page's HTML" } },
  },
];
