// The room's fixed rules. Rooms are small calls (every participant sends audio to every other one),
// and presence is kept fresh by each participant's event stream.
export const ROOM_LIMITS = {
  /** A room link works this long after it was created. */
  ttlMs: 7 * 24 * 3600_000,
  /** A full mesh of 8 is 28 audio connections: plenty for trying an agent. */
  maxParticipants: 8,
  maxNameLength: 60,
  /** An open event stream marks its participant present this often… */
  heartbeatMs: 5_000,
  /**
   * …and a participant not seen for this long is gone (crashed browser, lost network). Long enough
   * for the call to outlive a restart of the web server: the browsers stay connected to each other,
   * their streams reconnect with their keys and signalling resumes. (A closed tab goes at once: a
   * leave beacon, or its stream closing, below.)
   */
  staleMs: 60_000,
  /** After its stream closes, a participant that does not reconnect within this is removed. */
  reconnectGraceMs: 4_000,
  /** One join negotiates with at most 7 peers in a few dozen messages; this bounds abuse. */
  maxSignalsPerParticipant: 2_000,
  maxSignalBytes: 64 * 1024,
  /** Transcript segments a participant receives on joining. */
  transcriptBacklog: 200,
  /** Chat: the longest line, the lines one participant may send per minute, and the lines a newcomer receives. */
  maxChatChars: 2_000,
  maxChatPerMinute: 20,
  chatBacklog: 100,
} as const;
