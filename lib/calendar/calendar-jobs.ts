import type { PgBoss } from "pg-boss";
import { QUEUES } from "../jobs/boss.ts";
import { syncDueCalendars } from "./sync-due-calendars.ts";

/**
 * The scheduled calendar sync on a worker's pg-boss: a cron job every 5 minutes runs one round of
 * syncDueCalendars (each calendar is only due every CALENDAR_SYNC_MINUTES, uploads daily). pg-boss
 * sends one job per cron tick however many workers there are.
 */
export async function startCalendarJobs(boss: PgBoss): Promise<void> {
  await boss.schedule(QUEUES.calendarSync, "*/5 * * * *");
  await boss.work(QUEUES.calendarSync, async () => {
    const { synced, failed } = await syncDueCalendars();
    if (synced + failed > 0) console.log(`[calendar] synced ${synced} calendar(s), ${failed} failed`);
  });
}
