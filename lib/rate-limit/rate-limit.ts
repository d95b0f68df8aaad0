import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";

export interface Limit {
  max: number;
  windowSeconds: number;
}

function envLimit(name: string, fallback: Limit): Limit {
  const raw = process.env[name];
  if (!raw) return fallback;
  const [max, windowSeconds] = raw.split("/").map(Number);
  return max > 0 && windowSeconds > 0 ? { max, windowSeconds } : fallback;
}

// Defaults never hinder normal use; each is configurable as "<max>/<seconds>".
export const LIMITS = {
  authPerIp: () => envLimit("RATE_LIMIT_AUTH_IP", { max: 30, windowSeconds: 60 }),
  failedLoginPerAccount: () => envLimit("RATE_LIMIT_LOGIN_FAILURES", { max: 10, windowSeconds: 900 }),
  feedbackPerUser: () => envLimit("RATE_LIMIT_FEEDBACK", { max: 10, windowSeconds: 3600 }),
  verificationMailPerAddress: () => envLimit("RATE_LIMIT_VERIFICATION_MAIL", { max: 3, windowSeconds: 900 }),
  roomsPerUser: () => envLimit("RATE_LIMIT_ROOMS", { max: 60, windowSeconds: 3600 }),
  roomJoinsPerIp: () => envLimit("RATE_LIMIT_ROOM_JOINS_IP", { max: 60, windowSeconds: 60 }),
  apiKeyRequests: () => envLimit("RATE_LIMIT_API_KEY", { max: 600, windowSeconds: 60 }),
};

/**
 * Counts one hit in a fixed window shared by every web process (one atomic upsert) and returns how
 * many hits the window holds now and when it resets.
 */
export async function hit(key: string, limit: Limit): Promise<{ count: number; resetAt: Date }> {
  const rows = await db.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES (${key}, now(), 1)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitBucket"."windowStart" <= now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE "RateLimitBucket"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimitBucket"."windowStart" <= now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE "RateLimitBucket"."windowStart" END
    RETURNING "count", "windowStart"`;
  const { count, windowStart } = rows[0];
  return { count, resetAt: new Date(windowStart.getTime() + limit.windowSeconds * 1000) };
}

/** Counts a hit and throws 429 with Retry-After once the window is over its limit. */
export async function enforce(key: string, limit: Limit): Promise<void> {
  const { count, resetAt } = await hit(key, limit);
  if (count > limit.max) throw tooMany(resetAt);
}

/** Throws 429 when the window is already full, without counting (for failure-only counters). */
export async function assertUnder(key: string, limit: Limit): Promise<void> {
  const rows = await db.$queryRaw<{ count: number; windowStart: Date }[]>`
    SELECT "count", "windowStart" FROM "RateLimitBucket"
    WHERE "key" = ${key} AND "windowStart" > now() - make_interval(secs => ${limit.windowSeconds})`;
  if (rows[0] && rows[0].count >= limit.max) {
    throw tooMany(new Date(rows[0].windowStart.getTime() + limit.windowSeconds * 1000));
  }
}

export async function reset(key: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "RateLimitBucket" WHERE "key" = ${key}`;
}

function tooMany(resetAt: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError("rate_limited", `Too many attempts. Please try again in ${retryAfter} seconds.`, {
    headers: { "Retry-After": String(retryAfter) },
  });
}
