import type { PgBoss } from "pg-boss";
import { log } from "../bots/log.ts";
import { QUEUES } from "../jobs/boss.ts";
import type { MeetingSummaryJob } from "./request-summary.ts";
import { summariseMeeting } from "./summarise-meeting.ts";

/** The jobs process writes finished meetings' summaries, one at a time (each is a few model requests). */
export async function workSummaryJobs(boss: PgBoss, processId: string): Promise<void> {
  await boss.work<MeetingSummaryJob>(QUEUES.meetingSummary, async ([job]) => {
    await summariseMeeting(job.data.meetingId);
    log({ event: "summary_job_done", processId, meetingId: job.data.meetingId });
  });
}
