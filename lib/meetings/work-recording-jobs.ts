import type { PgBoss } from "pg-boss";
import { log } from "../log.ts";
import { QUEUES } from "../jobs/boss.ts";
import { expireRecordings } from "./expire-recordings.ts";

/** The jobs process's daily recording round (docs/recordings.md): retention, and recordings a crash left open. */
export async function workRecordingJobs(boss: PgBoss, processId: string): Promise<void> {
  await boss.work(QUEUES.recordingRetention, async () => {
    const round = await expireRecordings();
    if (round.deleted + round.finished > 0) log({ event: "recording_retention", processId, ...round });
  });
  await boss.schedule(QUEUES.recordingRetention, "30 3 * * *");
}
