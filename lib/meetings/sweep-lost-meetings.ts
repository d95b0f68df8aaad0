import { db } from "../db/client.ts";
import { meetingHeartbeatTimeoutSeconds, meetingQueueTimeoutSeconds } from "../config.ts";
import { transitionMeeting, TransitionRefused } from "./transitions.ts";
import { HANDED_OVER_REASON, LIVE_STATUSES } from "./status.ts";
import { finishRecording } from "./recording-writes.ts";
import { log } from "../log.ts";

/** Why the sweep failed a meeting (statusReason). */
export type LostReason = "heartbeat_lost" | "no_worker" | "no_free_bot";

/**
 * Fails live meetings that no bot keeps alive: `heartbeat_lost` when a worker had claimed the run and
 * stopped sending heartbeats (crash, kill, lost machine), `no_worker` when no worker picked the run up
 * and none holds it in the queue (holdQueuedMeetings), `no_free_bot` when busy workers held it in the
 * queue for longer than MEETING_QUEUE_TIMEOUT_SECONDS. Workers run it on a timer; the meetings API
 * runs it for the reader's own meetings, so a deployment without any worker still tells its users why
 * nothing happens. Returns the meetings failed.
 *
 * Silence while the database itself was down is nobody's fault: after a PostgreSQL restart every
 * meeting gets a whole time-out from the restart to send its next heartbeat, however long the outage
 * lasted, so a bot that lived through it is never failed for it. (A worker that died before the
 * restart has its meetings failed one time-out after it.)
 */
export async function sweepLostMeetings(opts: { userId?: string; now?: Date } = {}): Promise<string[]> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - meetingHeartbeatTimeoutSeconds() * 1000);
  const queueCutoff = new Date(now.getTime() - meetingQueueTimeoutSeconds() * 1000);
  const lost = await db.$queryRaw<{ id: string; runId: string | null }[]>`
    SELECT id, "runId" FROM "Meeting"
    WHERE status::text = ANY(${[...LIVE_STATUSES]}::text[]) AND (${opts.userId ?? null}::text IS NULL OR "userId" = ${opts.userId ?? null})
      AND (COALESCE("heartbeatAt", "joinRequestedAt") < ${cutoff} OR ("workerId" IS NULL AND "joinRequestedAt" < ${queueCutoff}))
    LIMIT 500`;
  const failed: string[] = [];
  for (const m of lost) {
    try {
      await db.$transaction(async (tx) => {
        // Decided under the row lock: a heartbeat or a claim that arrived meanwhile keeps the meeting alive.
        const [row] = await tx.$queryRaw<{ runId: string | null; workerId: string | null; statusReason: string | null; silent: boolean; queuedTooLong: boolean }[]>`
          SELECT "runId", "workerId", "statusReason",
            COALESCE(COALESCE("heartbeatAt", "joinRequestedAt") < ${cutoff} AND pg_postmaster_start_time() < ${cutoff}, false) AS silent,
            COALESCE("workerId" IS NULL AND "joinRequestedAt" < ${queueCutoff}, false) AS "queuedTooLong"
          FROM "Meeting" WHERE id = ${m.id} FOR UPDATE`;
        if (!row || row.runId !== m.runId) return;
        const reason = lostReason(row);
        if (!reason) return;
        await transitionMeeting(tx, m.id, { to: "failed", from: LIVE_STATUSES, reason, runId: m.runId ?? undefined, verb: "failed" });
        failed.push(m.id);
      });
    } catch (err) {
      if (!(err instanceof TransitionRefused)) throw err;
    }
  }
  // A lost bot's recording keeps what it appended: sealed and ready (docs/recordings.md).
  for (const id of failed) await finishRecording(id).catch((err) => log({ event: "recording_finish_error", level: "error", meetingId: id, error: String(err) }));
  return failed;
}

/**
 * A run claimed by a worker is lost when its heartbeat stops; an unclaimed one when nobody holds it
 * in the queue — except a meeting handed over by a stopping worker (a deploy, a restart), which waits
 * for the next worker as a queued meeting does, however long that worker takes to come up.
 */
function lostReason(row: { workerId: string | null; statusReason: string | null; silent: boolean; queuedTooLong: boolean }): LostReason | null {
  if (row.workerId) return row.silent ? "heartbeat_lost" : null;
  if (row.silent && (row.statusReason !== HANDED_OVER_REASON || row.queuedTooLong)) return "no_worker";
  return row.queuedTooLong ? "no_free_bot" : null;
}
