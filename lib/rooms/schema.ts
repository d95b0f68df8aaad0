import { z } from "zod";
import { ROOM_LIMITS } from "./limits.ts";

// Text that PostgreSQL can store as it is (no NUL, no lone surrogate halves): anything else is a
// clear 400 here instead of a database error.

/** Creating a room takes no fields; anything else in the body is a mistake worth saying. */
export const createRoomSchema = z.strictObject({}, { error: "This request takes no fields" });

export const joinRoomSchema = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(ROOM_LIMITS.maxNameLength, `Your name must be at most ${ROOM_LIMITS.maxNameLength} characters`)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "Your name cannot contain control characters"),
});

const key = z.string({ error: "The participant key is missing" }).min(1, "The participant key is missing").max(200);

export const leaveRoomSchema = z.object({ key });

// NUL and lone surrogates never get this far: every JSON body refuses them (lib/validation/parse.ts).
const text = (max: number) => z.string().max(max);

// What peers exchange to set up a WebRTC connection: a session description or an ICE candidate
// (null candidate = the end of candidates). Shapes follow RTCSessionDescriptionInit and
// RTCIceCandidateInit, with bounds.
const description = z.object({
  type: z.enum(["offer", "answer", "pranswer", "rollback"], { error: "Unknown description type" }),
  sdp: text(60_000).optional(),
});
const candidate = z
  .object({
    candidate: text(2_000),
    sdpMid: text(100).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(1_000).nullish(),
    usernameFragment: text(300).nullish(),
  })
  .nullable();

export const sendSignalSchema = z.object({
  key,
  to: z.string({ error: "Say whom the signal is for" }).regex(/^[a-z0-9]{1,40}$/, "Say whom the signal is for"),
  payload: z.union([z.object({ description }).strict(), z.object({ candidate }).strict()], { error: "A signal carries a description or a candidate" }),
});
export type SignalPayload = z.infer<typeof sendSignalSchema>["payload"];

export const sendChatSchema = z.object({
  key,
  text: z
    .string({ error: "Type a message" })
    .trim()
    .min(1, "Type a message")
    .max(ROOM_LIMITS.maxChatChars, `A message can be at most ${ROOM_LIMITS.maxChatChars} characters`),
});
