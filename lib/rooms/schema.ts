import { z } from "zod";
import { ROOM_LIMITS } from "./limits.ts";

export const joinRoomSchema = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(ROOM_LIMITS.maxNameLength, `Your name must be at most ${ROOM_LIMITS.maxNameLength} characters`),
});

const key = z.string({ error: "The participant key is missing" }).min(1, "The participant key is missing").max(200);

export const leaveRoomSchema = z.object({ key });

// What peers exchange to set up a WebRTC connection: a session description or an ICE candidate
// (null candidate = the end of candidates). Shapes follow RTCSessionDescriptionInit and
// RTCIceCandidateInit, with bounds.
const description = z.object({
  type: z.enum(["offer", "answer", "pranswer", "rollback"], { error: "Unknown description type" }),
  sdp: z.string().max(60_000).optional(),
});
const candidate = z
  .object({
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(100).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(1_000).nullish(),
    usernameFragment: z.string().max(300).nullish(),
  })
  .nullable();

export const sendSignalSchema = z.object({
  key,
  to: z.string({ error: "Say whom the signal is for" }).min(1, "Say whom the signal is for").max(100),
  payload: z.union([z.object({ description }).strict(), z.object({ candidate }).strict()], { error: "A signal carries a description or a candidate" }),
});
export type SignalPayload = z.infer<typeof sendSignalSchema>["payload"];
