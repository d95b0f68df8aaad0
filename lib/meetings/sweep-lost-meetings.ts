import { db } from "../db/client.ts";
import { meetingHeartbeatTimeoutSeconds } from "../config.ts";
import { transitionMeeting, TransitionRefused } from "./transitions.ts";
import { LIVE_STATUSES } from "./status.ts";

/**
 * Fails live meetings whose bot went silent: `heartbeat_lost` when a worker had claimed the run and
 * stopped sending heartbeats (crash, kill, lost machine), `no_worker` when no worker ever picked the
 * run up. Workers run it on a timer; the meetings API runs it for the reader's own meetings, so a
 * deployment without any worker still tells its users why nothing happens. Returns the meetings failed.
 */
export async function sweepLostMeetings(opts: { userId?: string; now?: Date } = {}): Promise<string[]> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - meetingHeartbeatTimeoutSeconds() * 1000);
  const lost = await db.meeting.findMany({
    where: {
      ...(opts.userId ? { userId: opts.userId } : {}),
      status: { in: [...LIVE_STATUSES] },
      OR: [
        { heartbeatAt: { lt: cutoff } },
        { heartbeatAt: null, joinRequestedAt: { lt: cutoff } },
      ],
    },
    select: { id: true, runId: true, workerId: true },
    take: 500,
  });
  const failed: string[] = [];
  for (const m of lost) {
    try {
      await db.$transaction(async (tx) => {
        // Re-checked under the row lock: a heartbeat that arrived meanwhile keeps the meeting alive.
        const [fresh] = await tx.$queryRaw<{ heartbeatAt: Date | null; joinRequestedAt: Date | null; runId: string | null }[]>`
          SELECT "heartbeatAt", "joinRequestedAt", "runId" FROM "Meeting" WHERE id = ${m.id} FOR UPDATE`;
        const last = fresh?.heartbeatAt ?? fresh?.joinRequestedAt;
        if (!fresh || fresh.runId !== m.runId || !last || last >= cutoff) return;
        await transitionMeeting(tx, m.id, {
          to: "failed",
          from: LIVE_STATUSES,
          reason: m.workerId ? "heartbeat_lost" : "no_worker",
          runId: m.runId ?? undefined,
          verb: "failed",
        });
        failed.push(m.id);
      });
    } catch (err) {
      if (!(err instanceof TransitionRefused)) throw err;
    }
  }
  return failed;
}
