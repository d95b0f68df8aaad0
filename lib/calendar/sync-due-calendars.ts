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

/**
 * One round of the scheduled sync: claims the calendars that are due (oldest attempt first; SKIP
 * LOCKED, so several workers share the work without taking the same calendar) by stamping their
 * attempt time, then syncs them one by one. Returns how many were synced and how many failed.
 */
export async function syncDueCalendars(now = new Date()): Promise<{ synced: number; failed: number }> {
  const subscriptionsBefore = new Date(now.getTime() - subscriptionIntervalMinutes() * 60_000);
  const uploadsBefore = new Date(now.getTime() - UPLOAD_INTERVAL_MINUTES * 60_000);
  const due = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Calendar" SET "lastAttemptAt" = ${now}
    WHERE id IN (
      SELECT id FROM "Calendar"
      WHERE (source = 'subscription' AND ("lastAttemptAt" IS NULL OR "lastAttemptAt" < ${subscriptionsBefore}))
         OR (source = 'upload' AND ("lastAttemptAt" IS NULL OR "lastAttemptAt" < ${uploadsBefore}))
      ORDER BY "lastAttemptAt" ASC NULLS FIRST
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`;
  let failed = 0;
  for (const { id } of due) if (await syncCalendar(id, now)) failed++;
  return { synced: due.length - failed, failed };
}
