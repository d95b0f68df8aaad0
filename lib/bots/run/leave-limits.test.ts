import { describe, expect, it } from "vitest";
import { botSettings } from "../../config.ts";
import type { Agent } from "../../generated/prisma/client.ts";
import { leaveLimits } from "./leave-limits.ts";

/** An agent row's leaving columns (the rest of the row plays no part). */
const agent = (over: Partial<Agent> = {}) =>
  ({
    leaveNobodyJoinedSeconds: 600,
    leaveAloneSeconds: 60,
    leaveBotKeywords: ["bot"],
    leaveSilenceSeconds: 600,
    leaveSilenceGraceSeconds: 1200,
    leaveMaxDurationSeconds: 14_400,
    leaveWaitingRoomSeconds: 900,
    ...over,
  }) as Agent;

describe("the limits a run applies", () => {
  const settings = { ...botSettings(), emptyRoom: { neverJoinedMs: 120_000, afterLeftMs: 15_000 }, maxDurationMs: 60 * 60_000 };

  it("are the agent's rules in milliseconds, the maximum duration capped by the operator's", () => {
    expect(leaveLimits(agent(), "meet", settings)).toEqual({
      nobodyJoinedMs: 600_000,
      aloneMs: 60_000,
      botKeywords: ["bot"],
      silenceMs: 600_000,
      silenceGraceMs: 1_200_000,
      maxDurationMs: 3_600_000,
      waitingRoomMs: 900_000,
    });
  });

  it("in a test room, nobody joined and alone wait at most the room's short limits; shorter ones of the agent stay", () => {
    expect(leaveLimits(agent(), "room", settings)).toMatchObject({ nobodyJoinedMs: 120_000, aloneMs: 15_000 });
    expect(leaveLimits(agent({ leaveNobodyJoinedSeconds: 4, leaveAloneSeconds: 3 }), "room", settings)).toMatchObject({ nobodyJoinedMs: 4_000, aloneMs: 3_000 });
  });
});
