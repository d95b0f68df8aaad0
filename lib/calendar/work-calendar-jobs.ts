import type { PgBoss } from "pg-boss";
import { log } from "../bots/log.ts";
import { QUEUES } from "../jobs/boss.ts";
import type { CalendarImportJob } from "./request-import.ts";
import { runCalendarImport } from "./run-import.ts";
import { syncDueCalendars } from "./sync-due-calendars.ts";

/**
 * The calendar work of a jobs process (scripts/jobs.ts), never of a bot worker: parsing and importing
 * take whole seconds of CPU and database round trips that must not sit on the event loop that paces
 * the bots' audio. Imports users ask for run as they come (two at a time per process); due calendars
 * are re-read in rounds by a cron job every 5 minutes, shared among jobs processes by SKIP LOCKED.
 */
export async function workCalendarJobs(boss: PgBoss, processId: string): Promise<void> {
  await boss.work<CalendarImportJob>(QUEUES.calendarImport, { batchSize: 1, localConcurrency: 2 }, async ([job]) => {
    const started = performance.now();
    const { imported, error } = await runCalendarImport(job.data.calendarId);
    if (imported) log({ event: "calendar_imported", processId, calendarId: job.data.calendarId, ms: Math.round(performance.now() - started), error });
  });
  await boss.work(QUEUES.calendarSync, async () => {
    const round = await syncDueCalendars();
    if (round.synced + round.failed > 0) log({ event: "calendars_synced", processId, ...round });
  });
  await boss.schedule(QUEUES.calendarSync, "*/5 * * * *");
}
