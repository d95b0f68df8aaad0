import { botSettings } from "../config.ts";
import { db } from "../db/client.ts";
import { QUEUES } from "../jobs/boss.ts";
import { LIVE_STATUSES } from "../meetings/status.ts";

/**
 * How far ahead scheduled meetings reserve a bot (pre-warming, like Recall's reservation of capacity
 * for bots scheduled more than 10 minutes ahead): a new worker pod has time to be scheduled, pull its
 * image and start Chromium before the meeting's bot is launched (the agent's join lead time before it, else
 * MEETING_JOIN_LEAD_SECONDS; an agent joining more than 10 minutes early is counted as queued once its job is due).
 */
export const PREWARM_MINUTES = 10;

export interface CapacityOptions {
  /** Bots one worker runs at once (WORKER_CONCURRENCY of the worker pods). */
  botsPerWorker: number;
  /** Meetings scheduled to start within this many minutes count as needing a bot now. */
  prewarmMinutes: number;
}

/** The bot slots needed now, in parts, and the workers they take. */
export interface Capacity {
  /** Start jobs due now (or being picked up) whose meeting no worker holds yet: meetings waiting for a bot. */
  queued: number;
  /** Meetings a worker holds (joining, in the waiting room or in progress). */
  running: number;
  /** Scheduled meetings whose start job is not due yet but that start within `prewarmMinutes`. */
  prewarm: number;
  slots: number;
  /** ceil(slots / botsPerWorker). */
  workers: number;
}

function positiveInteger(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not ${n}`);
  return n;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The one query of the bot capacity, with its parts (queued, running, prewarm, slots, workers). The
 * numbers are written into the text because KEDA's postgresql scaler runs it as it is, without
 * parameters. Counting from pg-boss's own table joined to the meeting's current run: a job withdrawn
 * (cancelled meeting) or of an old run (restarted meeting) needs no bot; a meeting a worker has claimed
 * is counted once, as running, even while its start job is still active.
 */
export function capacityPartsSql(opts: CapacityOptions): string {
  const perWorker = positiveInteger("botsPerWorker", opts.botsPerWorker);
  const minutes = positiveInteger("prewarmMinutes", opts.prewarmMinutes);
  const live = LIVE_STATUSES.map(quote).join(", ");
  return `WITH waiting AS (
  SELECT j.start_after <= now() AS due, m."scheduledStart" AS start
  FROM pgboss.job j
  JOIN "Meeting" m ON m.id = j.data->>'meetingId' AND m."runId" = j.data->>'runId'
  WHERE j.name = ${quote(QUEUES.meetingStart)} AND j.state IN ('created', 'retry', 'active')
    AND m."workerId" IS NULL AND m.status IN ('scheduled', 'joining')
), parts AS (
  SELECT
    (SELECT count(*) FROM waiting WHERE due)::int AS queued,
    (SELECT count(*) FROM "Meeting" WHERE "workerId" IS NOT NULL AND status IN (${live}))::int AS running,
    (SELECT count(*) FROM waiting WHERE NOT due AND start <= now() + interval '${minutes} minutes')::int AS prewarm
)
SELECT queued, running, prewarm, queued + running + prewarm AS slots,
  ceil((queued + running + prewarm) / ${perWorker}.0)::int AS workers
FROM parts`;
}

/**
 * The query KEDA's postgresql scaler runs for the worker Deployment (deploy/base/worker-scaledobject.yaml,
 * targetQueryValue 1): one number, the workers needed now. It is the parts query, read for its last column.
 */
export function capacitySql(opts: CapacityOptions): string {
  return `SELECT workers FROM (\n${capacityPartsSql(opts)}\n) AS capacity`;
}

/** The settings of this process: its WORKER_CONCURRENCY and the default pre-warming window. */
export function defaultCapacityOptions(): CapacityOptions {
  return { botsPerWorker: botSettings().concurrency, prewarmMinutes: PREWARM_MINUTES };
}

/** Runs the capacity query's parts against the database now. */
export async function measureCapacity(opts: CapacityOptions = defaultCapacityOptions()): Promise<Capacity> {
  const [row] = await db.$queryRawUnsafe<Capacity[]>(capacityPartsSql(opts));
  return row!;
}

/** Runs exactly the query KEDA runs (capacitySql) and returns its number. */
export async function measureWorkersNeeded(opts: CapacityOptions = defaultCapacityOptions()): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ workers: number }[]>(capacitySql(opts));
  return row!.workers;
}
