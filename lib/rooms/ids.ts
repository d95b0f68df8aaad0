import { randomBytes } from "node:crypto";
import { appUrl } from "../config.ts";

// A room's id is the secret part of its link: 128 random bits, URL-safe (22 base64url characters).
const ROOM_ID = /^[A-Za-z0-9_-]{22}$/;

export function newRoomId(): string {
  return randomBytes(16).toString("base64url");
}

export function isRoomId(value: string): boolean {
  return ROOM_ID.test(value);
}

/** Participant ids are cuids; anything else in a path never reaches the database. */
export function isParticipantId(value: string): boolean {
  return /^[a-z0-9]{1,40}$/.test(value);
}

/** The canonical link of a room, as meetings store it (meetingUrl) and the room page matches it. */
export function roomUrl(id: string): string {
  return `${appUrl()}/rooms/${id}`;
}
