import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { errorText, log } from "../log.ts";
import type { AuthUser } from "./require-user.ts";

// The event streams this process has open for signed-in users and API keys (docs/security.md
// "Secrets and streams"). A stream is checked once when it opens like any request; here it is
// checked again while it lasts: every few seconds one query for all open streams' keys and one for
// their users' session generations end the streams of a key revoked or expired since, of a session
// ended since (password change or reset, "sign out other sessions"), and of a deleted account. Each
// stream also has a longest life (EventSource reconnects with Last-Event-ID, authenticated anew),
// and a user and a key may hold only so many at once (429).

export const STREAM_LIMITS = {
  perUser: 10,
  perKey: 5,
  maxLifeMs: () => seconds("STREAM_MAX_LIFE_SECONDS", 3600) * 1000,
  checkMs: () => seconds("STREAM_CHECK_SECONDS", 5) * 1000,
};

function seconds(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export type StreamEndReason = "credentials" | "max_life";

interface Slot {
  userId: string;
  keyId: string | null;
  sessionVersion: number | null;
  openedAt: number;
  close: ((reason: StreamEndReason) => void) | null;
}

const slots = new Set<Slot>();
let timer: NodeJS.Timeout | null = null;

/**
 * Takes a place for one stream of `user` (429 when the user or the key has all theirs open). The
 * stream attaches how it is closed once it runs, and releases the place when it ends.
 */
export function reserveStream(user: AuthUser): { attach(close: (reason: StreamEndReason) => void): void; release(): void } {
  const mine = [...slots].filter((s) => s.userId === user.id);
  if (user.keyId && mine.filter((s) => s.keyId === user.keyId).length >= STREAM_LIMITS.perKey) {
    throw new AppError("rate_limited", `This API key has ${STREAM_LIMITS.perKey} event streams open, the most it may; close one first.`, { headers: { "Retry-After": "5" } });
  }
  if (mine.length >= STREAM_LIMITS.perUser) {
    throw new AppError("rate_limited", `This account has ${STREAM_LIMITS.perUser} event streams open, the most it may; close one first.`, { headers: { "Retry-After": "5" } });
  }
  const slot: Slot = { userId: user.id, keyId: user.keyId ?? null, sessionVersion: user.keyId ? null : (user.sessionVersion ?? null), openedAt: Date.now(), close: null };
  slots.add(slot);
  timer ??= setInterval(() => void checkStreams(), STREAM_LIMITS.checkMs()).unref();
  return {
    attach: (close) => void (slot.close = close),
    release: () => {
      slots.delete(slot);
      if (slots.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    },
  };
}

/** One round: ends streams past their life, then those whose key or session no longer holds. */
async function checkStreams(): Promise<void> {
  const now = Date.now();
  const open = [...slots].filter((s) => s.close);
  for (const s of open) if (now - s.openedAt >= STREAM_LIMITS.maxLifeMs()) s.close!("max_life");
  const left = open.filter((s) => slots.has(s));
  if (left.length === 0) return;
  try {
    const keyIds = [...new Set(left.flatMap((s) => (s.keyId ? [s.keyId] : [])))];
    const userIds = [...new Set(left.filter((s) => !s.keyId).map((s) => s.userId))];
    const [keys, users] = await Promise.all([
      keyIds.length ? db.$queryRaw<{ id: string }[]>`SELECT id FROM "ApiKey" WHERE id = ANY(${keyIds}) AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())` : [],
      userIds.length ? db.$queryRaw<{ id: string; sessionVersion: number }[]>`SELECT id, "sessionVersion" FROM "User" WHERE id = ANY(${userIds})` : [],
    ]);
    const validKeys = new Set(keys.map((k) => k.id));
    const versions = new Map(users.map((u) => [u.id, u.sessionVersion]));
    for (const s of left) {
      const holds = s.keyId ? validKeys.has(s.keyId) : versions.get(s.userId) === s.sessionVersion;
      if (!holds) s.close!("credentials");
    }
  } catch (err) {
    // The database is away: the streams stay as they are until it answers again.
    log({ event: "stream_check_failed", level: "warn", error: errorText(err) });
  }
}
