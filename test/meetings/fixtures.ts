import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client.ts";
import { createAgent } from "../../lib/agents/create-agent.ts";
import { applyEntry } from "../../lib/billing/ledger.ts";
import { usdToMicros } from "../../lib/billing/money.ts";
import { validAgent } from "../agents/fixtures.ts";
import { createUser } from "../users.ts";

export const MEET_URL = "https://meet.google.com/abc-defg-hij";

/** A user with credit and one active agent. */
export async function userWithAgent(opts: { creditUsd?: number } = {}) {
  const u = await createUser();
  if (opts.creditUsd !== 0) await credit(u.user.id, opts.creditUsd ?? 10);
  const agent = await createAgent(u.user.id, validAgent());
  return { ...u, agent };
}

export async function credit(userId: string, usd: number) {
  await applyEntry({ userId, type: "adjustment", amountMicros: usdToMicros(usd), idempotencyKey: `test-credit:${randomUUID()}` });
}

export interface JobRow {
  id: string;
  state: string;
  startAfter: Date;
  data: { meetingId: string; runId: string };
}

/** The pg-boss start job of a meeting's current run, read straight from pg-boss's table. */
export async function startJob(meetingId: string): Promise<JobRow | null> {
  const meeting = await db.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { jobId: true } });
  if (!meeting.jobId) return null;
  const [job] = await db.$queryRaw<JobRow[]>`SELECT id::text, state::text, start_after AS "startAfter", data FROM pgboss.job WHERE id = ${meeting.jobId}::uuid`;
  return job ?? null;
}
