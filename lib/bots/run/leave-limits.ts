import type { BotSettings } from "../../config.ts";
import { leavingOf } from "../../agents/leaving.ts";
import type { Agent } from "../../generated/prisma/client.ts";
import type { LeaveLimits } from "./leave-rules.ts";

/**
 * What the run applies of the agent's leaving rules (lib/agents/leaving.ts): its limits, capped by
 * the operator's maximum duration (`BOT_MAX_DURATION_MINUTES`) and, in a test room — the user's own
 * call, billed by the minute — by the room's short waits (`BOT_ROOM_WAIT_SECONDS`,
 * `BOT_ROOM_ALONE_SECONDS`).
 */
export function leaveLimits(agent: Agent, platform: string, settings: BotSettings): LeaveLimits & { waitingRoomMs: number } {
  const l = leavingOf(agent);
  const room = platform === "room";
  return {
    nobodyJoinedMs: Math.min(l.nobodyJoinedSeconds * 1000, room ? settings.emptyRoom.neverJoinedMs : Infinity),
    aloneMs: Math.min(l.aloneSeconds * 1000, room ? settings.emptyRoom.afterLeftMs : Infinity),
    botKeywords: l.botKeywords,
    silenceMs: l.silenceSeconds * 1000,
    silenceGraceMs: l.silenceGraceSeconds * 1000,
    maxDurationMs: Math.min(l.maxDurationSeconds * 1000, settings.maxDurationMs),
    waitingRoomMs: l.waitingRoomSeconds * 1000,
  };
}
