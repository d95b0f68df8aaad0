import { z } from "zod";
import { EVENT_STREAM, type Operation } from "../contract/operation.ts";
import { roomResponse } from "./create-room.ts";
import { roomJoinedResponse } from "./join-room.ts";
import { createRoomSchema, joinRoomSchema, leaveRoomSchema, sendChatSchema, sendSignalSchema } from "./schema.ts";

// The test room: made by a user, joined by anyone with its link, whose participants hold a key.

export const ROOM_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/rooms", operationId: "createRoom", tag: "Test room", summary: "A new test room", auth: "user", body: createRoomSchema, responses: { 201: roomResponse } },
  { method: "post", path: "/api/rooms/{id}/participants", operationId: "joinRoom", tag: "Test room", summary: "Join a room (anyone with its link)", auth: "public", body: joinRoomSchema, responses: { 201: roomJoinedResponse } },
  {
    method: "get", path: "/api/rooms/{id}/participants/{participantId}/events", operationId: "roomEvents", tag: "Test room", summary: "A participant's room events (Server-Sent Events)", auth: "participant",
    query: z.object({ key: z.string().meta({ description: "The participant key from joining" }) }),
    headers: { "Last-Event-ID": "The last signal received" },
    responses: { 200: { mediaTypes: [EVENT_STREAM], description: "self, roster, signal, transcript, agents, chat, closed" } },
  },
  { method: "post", path: "/api/rooms/{id}/participants/{participantId}/signals", operationId: "sendRoomSignal", tag: "Test room", summary: "WebRTC signalling to another participant", auth: "participant", body: sendSignalSchema, responses: { 201: z.object({ id: z.string() }) } },
  {
    method: "post", path: "/api/rooms/{id}/participants/{participantId}/chat", operationId: "sendRoomChat", tag: "Test room", summary: "A line in the room's chat, sent as this participant", auth: "participant", body: sendChatSchema,
    responses: { 201: z.object({ id: z.string(), fromId: z.string().meta({ description: "The sender's participant id" }), name: z.string(), text: z.string(), at: z.string() }).meta({ id: "RoomChatLine" }) },
  },
  { method: "post", path: "/api/rooms/{id}/participants/{participantId}/leave", operationId: "leaveRoom", tag: "Test room", summary: "Leave the room", auth: "participant", body: leaveRoomSchema, responses: { 204: null } },
];
