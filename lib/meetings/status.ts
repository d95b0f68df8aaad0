import type { MeetingStatus } from "../generated/prisma/client.ts";

export type { MeetingStatus };

export const MEETING_STATUSES = ["scheduled", "joining", "waiting_room", "in_progress", "completed", "cancelled", "failed"] as const satisfies readonly MeetingStatus[];

/** Statuses in which the agent is still needed: scheduled or with a bot in (or on its way to) the call. */
export const OPEN_STATUSES = ["scheduled", "joining", "waiting_room", "in_progress"] as const satisfies readonly MeetingStatus[];

/** A bot owns the meeting: it must send heartbeats. */
export const LIVE_STATUSES = ["joining", "waiting_room", "in_progress"] as const satisfies readonly MeetingStatus[];

/** The statusReason of a joining meeting whose start job waits because every bot is busy (sweepLostMeetings). */
export const QUEUED_REASON = "waiting_for_bot";

/** The statusReason of a meeting a stopping worker handed over (handOverRun): it waits for the next worker. */
export const HANDED_OVER_REASON = "worker_shutdown";

export const FINAL_STATUSES = ["completed", "cancelled", "failed"] as const satisfies readonly MeetingStatus[];

export function isLive(status: MeetingStatus): boolean {
  return (LIVE_STATUSES as readonly MeetingStatus[]).includes(status);
}

/** How a status reads inside a sentence ("The meeting is in progress, …"). */
const PHRASE: Record<MeetingStatus, string> = {
  scheduled: "scheduled",
  joining: "joining",
  waiting_room: "in the waiting room",
  in_progress: "in progress",
  completed: "completed",
  cancelled: "cancelled",
  failed: "failed",
};

export function statusPhrase(status: MeetingStatus): string {
  return PHRASE[status];
}

/** A meeting the agent has not been in yet and that has cost nothing: no cost to show. */
export function notHeldYet(m: { status: MeetingStatus; startedAt: string | Date | null; costUsd: number }): boolean {
  return (OPEN_STATUSES as readonly MeetingStatus[]).includes(m.status) && !m.startedAt && m.costUsd === 0;
}
