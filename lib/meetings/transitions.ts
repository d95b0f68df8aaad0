import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";
import { recordStatusChange } from "./meeting-events.ts";
import { AppError } from "../errors/app-error.ts";
import { statusPhrase, type MeetingStatus } from "./status.ts";

// The one transition table of a meeting (ARCHITECTURE §5). The API and the bot runtime both move
// meetings only through `transitionMeeting`, which locks the row, checks the table (and the run, for
// bot writes), updates the meeting and appends a MeetingEvent in the caller's transaction.
//
// joining → joining is a restart (a new run); a live meeting can be stopped (completed) or fail from
// any live status; a finished one can only be restarted. in_progress → cancelled happens only when the
// agent is deleted mid-call (users stop a running meeting instead).
export const TRANSITIONS: Record<MeetingStatus, readonly MeetingStatus[]> = {
  scheduled: ["joining", "cancelled", "failed"],
  joining: ["joining", "waiting_room", "in_progress", "completed", "failed", "cancelled"],
  waiting_room: ["joining", "in_progress", "completed", "failed", "cancelled"],
  in_progress: ["joining", "completed", "failed", "cancelled"],
  completed: ["joining"],
  failed: ["joining"],
  cancelled: ["joining"],
};

export function canTransition(from: MeetingStatus, to: MeetingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface TransitionRequest {
  to: MeetingStatus;
  /** The action's own narrower set of source statuses (e.g. cancel only before the call); must lie within the table. */
  from?: readonly MeetingStatus[];
  reason?: string | null;
  /** Timeline details (e.g. links to a failure's screenshot). */
  data?: Prisma.InputJsonValue;
  /** Bot writes name their run: a write for an older run is refused. */
  runId?: string;
  /** Restricts to the user's own meeting (API calls); another user's meeting is not found. */
  userId?: string;
  /** The verb for the refusal message: "The meeting is completed, so it cannot be <verb>." */
  verb: string;
}

export interface TransitionResult {
  id: string;
  fromStatus: MeetingStatus;
  status: MeetingStatus;
  runId: string | null;
  jobId: string | null;
}

/** Thrown for a refused transition; `current` is the meeting's current status. */
export class TransitionRefused extends AppError {
  readonly current: MeetingStatus;
  /** A bot write for a run that is no longer the meeting's current one. */
  readonly staleRun: boolean;
  constructor(current: MeetingStatus, verb: string, staleRun = false) {
    super("conflict", `The meeting is ${statusPhrase(current)}, so it cannot be ${verb}.`);
    this.current = current;
    this.staleRun = staleRun;
  }
}

export async function transitionMeeting(tx: Prisma.TransactionClient, meetingId: string, req: TransitionRequest): Promise<TransitionResult> {
  const [row] = await tx.$queryRaw<{ id: string; userId: string; agentId: string | null; status: MeetingStatus; runId: string | null; jobId: string | null }[]>`
    SELECT id, "userId", "agentId", status, "runId", "jobId" FROM "Meeting" WHERE id = ${meetingId} FOR UPDATE`;
  if (!row || (req.userId && row.userId !== req.userId)) throw new AppError("not_found", "Meeting not found");
  const allowed = (!req.from || req.from.includes(row.status)) && canTransition(row.status, req.to);
  const staleRun = Boolean(req.runId && row.runId !== req.runId);
  if (!allowed || staleRun) throw new TransitionRefused(row.status, req.verb, staleRun);

  const now = new Date();
  const data: Prisma.MeetingUpdateInput = { status: req.to, statusReason: req.reason ?? null };
  let runId = row.runId;
  if (req.to === "joining" && !req.runId) {
    // Asked to join (start, restart, join now): a new run that no old worker or job can touch.
    runId = randomUUID();
    Object.assign(data, { runId, workerId: null, heartbeatAt: null, joinRequestedAt: now, endedAt: null });
  }
  // When it became final, also for one called off before it began (the Past list is ordered by it).
  if (req.to === "completed" || req.to === "failed" || req.to === "cancelled") data.endedAt = now;

  await tx.meeting.update({ where: { id: meetingId }, data });
  if (req.to === "in_progress") {
    // startedAt is when the agent first got into the call; a restart keeps it.
    await tx.meeting.updateMany({ where: { id: meetingId, startedAt: null }, data: { startedAt: now } });
  }
  await tx.meetingEvent.create({
    data: { meetingId, fromStatus: row.status, toStatus: req.to, reason: req.reason ?? null, data: req.data, createdAt: now },
  });
  // Webhooks and the live event stream hear of it when (and only if) this transaction commits.
  await recordStatusChange(tx, row, row.status, req.to, req.reason ?? null);
  return { id: meetingId, fromStatus: row.status, status: req.to, runId, jobId: row.jobId };
}
