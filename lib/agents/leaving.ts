import { z } from "zod";
import type { Agent } from "../generated/prisma/client.ts";

// An agent's leaving rules (docs/bots.md, "Leaving rules"): when its bot leaves a meeting on its own.
// Every limit is in seconds; silence 0 means the silence rule is off. Defaults follow the maintained
// open-source bots (research/platforms-2026-11.md, "Shared rules"):
//   nobody joined   10 min      Vexa (no-one-joined 10 min; Recall 20 min, Attendee 60 s)
//   alone           60 s        Attendee (alone 60 s; Recall everyone-left 2 s)
//   other bots      by keyword  Attendee's `bot_keywords`: names with these words are not people
//   silence         10 min after the first 20 min   Attendee (600 s after 1,200 s)
//   maximum         4 h         Vexa (4 h cap; the house's BOT_MAX_DURATION_MINUTES before)
//   waiting room    15 min      Attendee (900 s; Recall 1,200 s)

export const LEAVING_DEFAULTS = {
  nobodyJoinedSeconds: 600,
  aloneSeconds: 60,
  botKeywords: ["bot", "notetaker", "note taker", "otter", "fireflies", "fathom", "read.ai", "recall", "tldv", "meetgeek"],
  silenceSeconds: 600,
  silenceGraceSeconds: 1200,
  maxDurationSeconds: 4 * 3600,
  waitingRoomSeconds: 900,
};

export type Leaving = typeof LEAVING_DEFAULTS;

/** The bounds of each limit, in seconds (the form shows them in its own units). */
export const LEAVING_LIMITS = {
  nobodyJoinedSeconds: { min: 1, max: 4 * 3600 },
  aloneSeconds: { min: 1, max: 4 * 3600 },
  silenceSeconds: { min: 0, max: 4 * 3600 },
  silenceGraceSeconds: { min: 0, max: 4 * 3600 },
  maxDurationSeconds: { min: 60, max: 4 * 3600 },
  waitingRoomSeconds: { min: 10, max: 4 * 3600 },
} satisfies Record<Exclude<keyof Leaving, "botKeywords">, { min: number; max: number }>;

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
    .min(min, `${LABEL[name]} must be at least ${min} seconds`)
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
