import type { PgBoss } from "pg-boss";
import { log } from "../bots/log.ts";
import { QUEUES } from "../jobs/boss.ts";
import { notifyRetiringModels } from "./notify-retiring-models.ts";

/** The jobs process's daily round: owners hear once, a month ahead, that an agent's model retires (docs/providers.md). */
export async function workRetirementJobs(boss: PgBoss, processId: string): Promise<void> {
  await boss.work(QUEUES.modelRetirements, async () => {
    const round = await notifyRetiringModels();
    if (round.sent + round.failed > 0) log({ event: "retirement_notices", processId, ...round });
  });
  await boss.schedule(QUEUES.modelRetirements, "0 8 * * *");
}
