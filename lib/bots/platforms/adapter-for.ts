import type { MeetingPlatform } from "../../generated/prisma/client.ts";
import { roomAdapter } from "./room.ts";
import type { PlatformAdapter } from "./types.ts";

/** The adapter that drives a platform's meeting client; Meet, Teams and Zoom are still to come. */
export function adapterFor(platform: MeetingPlatform): PlatformAdapter {
  if (platform === "room") return roomAdapter;
  throw new Error(`Bots cannot join ${platform} meetings yet`);
}
