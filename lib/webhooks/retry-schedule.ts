// When a failed delivery is tried again: 8 attempts in all, each wait five times the one before,
// from 5 seconds (5 s, 25 s, 2 min, 10 min, 52 min, 4.3 h, 21.7 h: the last attempt comes about 27
// hours after the first), with ±10 % jitter so endpoints that failed together do not retry together.
// WEBHOOK_RETRY_BASE_SECONDS changes the first wait (the tests shorten it).
export const MAX_ATTEMPTS = 8;
const FACTOR = 5;

function baseSeconds(): number {
  const n = Number(process.env.WEBHOOK_RETRY_BASE_SECONDS);
  return n > 0 ? n : 5;
}

/** The wait after failed attempt `attempt` (1-based), or null after the last one. */
export function retryDelayMs(attempt: number, random = Math.random()): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const ms = baseSeconds() * 1000 * FACTOR ** (attempt - 1);
  return Math.round(ms * (0.9 + 0.2 * random));
}

/** An endpoint failing for this long (no success in between) is turned off and its owner told. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;
