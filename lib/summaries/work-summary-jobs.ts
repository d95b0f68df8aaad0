import type { PgBoss } from "pg-boss";
import { log } from "../log.ts";
import { QUEUES } from "../jobs/boss.ts";
import type { MeetingSummaryJob } from "./request-summary.ts";
import { summariseMeeting } from "./summarise-meeting.ts";

const setting = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The jobs process writes finished meetings' summaries (each a few model requests, up to 10 min):
 * SUMMARY_CONCURRENCY at once (default 4), at most SUMMARY_USER_CONCURRENCY (default 1) of one
 * user's — each job is sent in its owner's group — so one account's many or slow summaries never
 * hold up another account's (docs/tools.md "Summaries").
 */
export async function workSummaryJobs(boss: PgBoss, processId: string): Promise<void> {
  const total = setting("SUMMARY_CONCURRENCY", 4);
  await boss.work<MeetingSummaryJob>(
    QUEUES.meetingSummary,
    { batchSize: 1, localConcurrency: total, localGroupConcurrency: Math.min(total, setting("SUMMARY_USER_CONCURRENCY", 1)) },
    async ([job]) => {
      await summariseMeeting(job.data.meetingId);
      log({ event: "summary_job_done", processId, meetingId: job.data.meetingId });
    },
  );
}
