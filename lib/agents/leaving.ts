import { z } from "zod";
import type { Agent } from "../generated/prisma/client.ts";
import { LEAVING_DEFAULTS, LEAVING_LIMITS, type Leaving } from "./leaving-defaults.ts";

// The API and the columns of an agent's leaving rules (the defaults and bounds: leaving-defaults.ts).

const LABEL: Record<keyof typeof LEAVING_LIMITS, string> = {
  nobodyJoinedSeconds: "Nobody joined",
  aloneSeconds: "Alone",
  silenceSeconds: "Silence",
  silenceGraceSeconds: "Silence grace period",
  maxDurationSeconds: "Maximum duration",
  waitingRoomSeconds: "Waiting room",
};

const limit = (name: keyof typeof LEAVING_LIMITS) => {
  const { min, max } = LEAVING_LIMITS[name];
  return z
    .number({ error: `${LABEL[name]} must be a number of seconds` })
    .int(`${LABEL[name]} must be a whole number of seconds`)
    .min(min, `${LABEL[name]} must be at least ${min} ${min === 1 ? "second" : "seconds"}`)
    .max(max, `${LABEL[name]} must be at most ${max} seconds (4 hours)`)
    .default(LEAVING_DEFAULTS[name]);
};

export const leavingSchema = z
  .object(
    {
      nobodyJoinedSeconds: limit("nobodyJoinedSeconds").meta({ description: "Leave when nobody (but other bots) has joined this long after the agent got in" }),
      aloneSeconds: limit("aloneSeconds").meta({ description: "Leave when everyone else (but other bots) has been gone this long" }),
      botKeywords: z
        .array(z.string({ error: "Bot keywords must be text" }).trim().toLowerCase().min(1, "A bot keyword cannot be empty").max(40, "A bot keyword must be at most 40 characters"), {
          error: "Bot keywords must be a list",
        })
        .max(50, "At most 50 bot keywords")
        .default(LEAVING_DEFAULTS.botKeywords)
        .transform((words) => [...new Set(words)])
        .meta({ description: "Participants whose name contains one of these words (whole words, any case) are other bots: they do not count as people" }),
      silenceSeconds: limit("silenceSeconds").meta({ description: "Leave when nobody has said anything this long (0: never)" }),
      silenceGraceSeconds: limit("silenceGraceSeconds").meta({ description: "The silence rule starts this long after the agent got in" }),
      maxDurationSeconds: limit("maxDurationSeconds").meta({ description: "Leave this long after the agent got in" }),
      waitingRoomSeconds: limit("waitingRoomSeconds").meta({ description: "Give up when nobody lets the agent in within this long" }),
    },
    { error: "Leaving rules must be an object" },
  )
  .meta({ id: "AgentLeaving", description: "When the agent leaves a meeting on its own; every limit in seconds" });

/** A body's leaving rules over the stored ones: the rules it names change, the others stay. */
export function leavingOver(stored: Agent, body: unknown): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? { ...leavingOf(stored), ...body } : body;
}

/** The agent's stored leaving rules, in the API's shape. */
export function leavingOf(a: Agent): Leaving {
  return {
    nobodyJoinedSeconds: a.leaveNobodyJoinedSeconds,
    aloneSeconds: a.leaveAloneSeconds,
    botKeywords: a.leaveBotKeywords,
    silenceSeconds: a.leaveSilenceSeconds,
    silenceGraceSeconds: a.leaveSilenceGraceSeconds,
    maxDurationSeconds: a.leaveMaxDurationSeconds,
    waitingRoomSeconds: a.leaveWaitingRoomSeconds,
  };
}

/** The columns leaving rules write. */
export function leavingColumns(l: Leaving) {
  return {
    leaveNobodyJoinedSeconds: l.nobodyJoinedSeconds,
    leaveAloneSeconds: l.aloneSeconds,
    leaveBotKeywords: l.botKeywords,
    leaveSilenceSeconds: l.silenceSeconds,
    leaveSilenceGraceSeconds: l.silenceGraceSeconds,
    leaveMaxDurationSeconds: l.maxDurationSeconds,
    leaveWaitingRoomSeconds: l.waitingRoomSeconds,
  };
}
