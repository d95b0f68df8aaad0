import type { Prisma } from "../generated/prisma/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";

export interface CalendarImportJob {
  calendarId: string;
}

/**
 * Asks the jobs process to import a calendar (docs/calendars.md, "Where imports run"), in the
 * caller's transaction: the calendar is marked as importing and the job is sent only if the
 * transaction commits. The job is keyed by the calendar, so at most one waits per calendar; a
 * request while one waits is already covered by it (it reads the calendar when it runs).
 */
export async function requestImport(tx: Prisma.TransactionClient, calendarId: string): Promise<void> {
  await tx.calendar.update({ where: { id: calendarId }, data: { importRequestedAt: new Date() } });
  const boss = await jobSender();
  await boss.send(QUEUES.calendarImport, { calendarId } satisfies CalendarImportJob, { singletonKey: calendarId, db: inTransaction(tx) });
}
