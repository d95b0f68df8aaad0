import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { EVENTS_CHANNEL } from "../events/types.ts";
import type { RunRef } from "./bot-runs.ts";

// Whether the bot run that was in a meeting may still be writing to it (docs/api.md "meeting.ended").
// A user's Stop ends a meeting at once, but the run then leaves the call and flushes the speech-to-
// text's final words, the usage and the last billed minute (within the teardown's deadline). Until
// the run releases the meeting — or its last heartbeat is older than the grace below (the worker
// died) — meeting.ended waits unsent and the live stream waits before `end`.

/** Longest a run's final writes may take after its last heartbeat (teardown's 60 s deadline, and margin). */
export const RUN_WRITES_GRACE_SECONDS = 120;

/** SQL: the meeting row `m` still has a run that may write to it. */
export const RUN_STILL_WRITING = Prisma.sql`(m."workerId" IS NOT NULL AND m."heartbeatAt" > now() - make_interval(secs => ${RUN_WRITES_GRACE_SECONDS}))`;

export async function runStillWriting(meetingId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ writing: boolean }[]>`SELECT ${RUN_STILL_WRITING} AS writing FROM "Meeting" m WHERE m.id = ${meetingId}`;
  return rows[0]?.writing ?? false;
}

/**
 * The run's last write, after every other (teardown): the meeting is no longer held by this worker.
 * Wakes the webhook relay and the meeting's live streams (the events channel, with the meeting's id).
 * Nothing happens when the meeting is another run's by now.
 */
export async function releaseRun(ref: RunRef): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const released = await tx.$executeRaw`
      UPDATE "Meeting" SET "workerId" = NULL, "heartbeatAt" = NULL
      WHERE id = ${ref.meetingId} AND "runId" = ${ref.runId} AND "workerId" = ${ref.workerId}`;
    if (released > 0) await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${ref.meetingId})`;
    return released > 0;
  });
}
