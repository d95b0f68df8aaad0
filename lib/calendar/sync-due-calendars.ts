import { db } from "../db/client.ts";
import { syncCalendar } from "./sync-calendar.ts";

/** Subscriptions are re-fetched this often (CALENDAR_SYNC_MINUTES, default 15). */
function subscriptionIntervalMinutes(): number {
  const n = Number(process.env.CALENDAR_SYNC_MINUTES);
  return n > 0 ? n : 15;
}
/** Uploads are re-expanded once a day, so a recurring series keeps coming into the window. */
const UPLOAD_INTERVAL_MINUTES = 24 * 60;
const BATCH = 20;
const PUSHED_INTERVAL_MINUTES = 6 * 60;

/**
 * One round of the scheduled sync: claims the calendars that are due (oldest attempt first; SKIP
 * LOCKED, so several workers share the work without taking the same calendar) by stamping their
 * attempt time, then syncs them one by one. Returns how many were synced and how many failed.
 */
export async function syncDueCalendars(now = new Date()): Promise<{ synced: number; failed: number }> {
  const subscriptionsBefore = new Date(now.getTime() - subscriptionIntervalMinutes() * 60_000);
  const uploadsBefore = new Date(now.getTime() - UPLOAD_INTERVAL_MINUTES * 60_000);
  // Connected calendars are polled like subscriptions while they have no push channel; with one,
  // every 6 hours (a safety net, and the channel's renewal before it ends).
  const pushedBefore = new Date(now.getTime() - PUSHED_INTERVAL_MINUTES * 60_000);
  const due = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Calendar" SET "lastAttemptAt" = ${now}
    WHERE id IN (
      SELECT c.id FROM "Calendar" c LEFT JOIN "CalendarConnection" k ON k."calendarId" = c.id
      WHERE (c.source IN ('subscription', 'google', 'microsoft') AND (k."channelExpiresAt" IS NULL OR k."channelExpiresAt" < ${now}) AND (c."lastAttemptAt" IS NULL OR c."lastAttemptAt" < ${subscriptionsBefore}))
         OR (c.source IN ('google', 'microsoft') AND k."channelExpiresAt" >= ${now} AND c."lastAttemptAt" < ${pushedBefore})
         OR (c.source = 'upload' AND (c."lastAttemptAt" IS NULL OR c."lastAttemptAt" < ${uploadsBefore}))
      ORDER BY c."lastAttemptAt" ASC NULLS FIRST
      LIMIT ${BATCH}
      FOR UPDATE OF c SKIP LOCKED
    )
    RETURNING id`;
  let failed = 0;
  for (const { id } of due) if (await syncCalendar(id, now)) failed++;
  return { synced: due.length - failed, failed };
}
