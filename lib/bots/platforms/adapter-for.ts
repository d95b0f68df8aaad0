import type { MeetingPlatform } from "../../generated/prisma/client.ts";
import { meetAdapter } from "./meet.ts";
import { roomAdapter } from "./room.ts";
import { teamsAdapter } from "./teams.ts";
import type { PlatformAdapter } from "./types.ts";
import { zoomAdapter } from "./zoom.ts";

const ADAPTERS: Record<MeetingPlatform, PlatformAdapter> = {
  room: roomAdapter,
  meet: meetAdapter,
  teams: teamsAdapter,
  zoom: zoomAdapter,
};

/** The adapter that drives a platform's meeting client. */
export function adapterFor(platform: MeetingPlatform): PlatformAdapter {
  return ADAPTERS[platform];
}
