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
