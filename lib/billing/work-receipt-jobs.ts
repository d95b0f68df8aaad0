import type { PgBoss } from "pg-boss";
import { log } from "../bots/log.ts";
import { QUEUES } from "../jobs/boss.ts";
import { sendReceipt, type ReceiptJob } from "./receipt.ts";

/** The jobs process sends each credited top-up's receipt (queued with the credit; pg-boss retries a mail server that is down). */
export async function workReceiptJobs(boss: PgBoss, processId: string): Promise<void> {
  await boss.work<ReceiptJob>(QUEUES.receipt, async ([job]) => {
    log({ event: "receipt", processId, topUpId: job.data.topUpId, result: await sendReceipt(job.data.topUpId) });
  });
}
