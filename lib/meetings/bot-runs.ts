import { db } from "../db/client.ts";
import { recordUsageTx, type UsageResult } from "../billing/usage.ts";
import { recordTranscriptSegment } from "./meeting-events.ts";
import type { MeetingStatus, Prisma } from "../generated/prisma/client.ts";
import type { LiveState } from "../meetings/live-state.ts";
import type { ProviderUsage, ToolCallRecord, TranscriptSegment, TurnMetrics } from "./run-output.ts";
import { enqueueRun } from "./enqueue-run.ts";
import { FINAL_STATUSES, HANDED_OVER_REASON, LIVE_STATUSES, QUEUED_REASON } from "./status.ts";
import { transitionMeeting, TransitionRefused } from "./transitions.ts";

// What the bot runtime (lib/bots) writes about a run. Every write names the run, so a worker whose
// run was superseded (restart, stop, heartbeat loss) can no longer change the meeting.

export interface RunRef {
  meetingId: string;
  runId: string;
  workerId: string;
}

export type ClaimResult =
  | { claimed: true; userId: string; agentId: string | null; meetingUrl: string; platform: string; title: string }
  | { claimed: false; reason: "superseded" | "taken" | "not_startable" };

/**
 * Takes a run for this worker: the job's run must still be current, not held by another worker, and
 * the meeting scheduled or joining (scheduled → joining is recorded). Two workers that pick up the same
 * job (a retry after a slow completion) cannot both win: the row is locked and `workerId` is set once.
 * `again` is the same worker asking once more after its claim failed in transit.
 */
export async function claimRun(ref: RunRef, opts: { again?: boolean } = {}): Promise<ClaimResult> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: MeetingStatus; statusReason: string | null; runId: string | null; workerId: string | null }[]>`
      SELECT status, "statusReason", "runId", "workerId" FROM "Meeting" WHERE id = ${ref.meetingId} FOR UPDATE`;
    if (!row || row.runId !== ref.runId) return { claimed: false, reason: "superseded" } as const;
    // `again`: this worker's claim may have committed with its answer lost (the connection broke):
    // its own earlier claim is the same claim, not another worker's.
    if (row.workerId && !(opts.again && row.workerId === ref.workerId)) return { claimed: false, reason: "taken" } as const;
    if (row.status !== "scheduled" && row.status !== "joining") return { claimed: false, reason: "not_startable" } as const;
    // Scheduled, queued behind busy bots, or handed over by a stopping worker: the timeline shows the bot setting off.
    if (row.status === "scheduled" || row.statusReason === QUEUED_REASON || row.statusReason === HANDED_OVER_REASON) {
      await transitionMeeting(tx, ref.meetingId, { to: "joining", runId: ref.runId, reason: "bot_launched", verb: "started" });
    }
    const m = await tx.meeting.update({
      where: { id: ref.meetingId },
      data: { workerId: ref.workerId, heartbeatAt: new Date(), joinRequestedAt: new Date() },
      select: { userId: true, agentId: true, meetingUrl: true, platform: true, title: true },
    });
    return { claimed: true, ...m } as const;
  });
}

export interface RunState {
  status: MeetingStatus;
  activated: boolean;
  /** The participant the owner confirmed as themselves on the live meeting page ("That's me"). */
  ownerParticipantId: string | null;
}

/**
 * The run's heartbeat. Answers the meeting's current status and activation, or null when the run is
 * no longer this worker's to run (stopped, cancelled, restarted or failed by the sweep): leave then.
 */
export async function heartbeat(ref: RunRef): Promise<RunState | null> {
  const rows = await db.$queryRaw<RunState[]>`
    UPDATE "Meeting" SET "heartbeatAt" = now()
    WHERE id = ${ref.meetingId} AND "runId" = ${ref.runId} AND "workerId" = ${ref.workerId}
      AND status::text = ANY(${[...LIVE_STATUSES]}::text[])
    RETURNING status, activated, "ownerParticipantId"`;
  return rows[0] ?? null;
}

/**
 * What became of a status write. `superseded`: the run is no longer the meeting's (restarted) or the
 * meeting has already ended (stopped, cancelled, failed by the sweep): the bot leaves without another
 * word. `not_allowed`: the run is current but the table has no such move now (e.g. back to the waiting
 * room after admission): the bot carries on.
 */
export type MoveResult = { moved: true } | { moved: false; reason: "superseded" | "not_allowed"; current: MeetingStatus };

function refusal(err: TransitionRefused): MoveResult {
  const over = err.staleRun || (FINAL_STATUSES as readonly MeetingStatus[]).includes(err.current);
  return { moved: false, reason: over ? "superseded" : "not_allowed", current: err.current };
}

/** Moves the run's meeting; says why when the move is no longer possible (e.g. the user stopped it first). */
export async function moveRun(ref: RunRef, to: MeetingStatus, reason: string | null, data?: Prisma.InputJsonValue): Promise<MoveResult> {
  try {
    await db.$transaction((tx) => transitionMeeting(tx, ref.meetingId, { to, reason, data, runId: ref.runId, verb: to === "failed" ? "failed" : "moved" }));
    return { moved: true };
  } catch (err) {
    if (err instanceof TransitionRefused) return refusal(err);
    throw err;
  }
}

/**
 * The bot is in the call: the meeting moves to in_progress, and the answer carries the meeting's
 * billed ticks so far, from which this run numbers its own (a restarted run continues the count).
 */
export async function admitRun(ref: RunRef): Promise<MoveResult & { billedTicks?: number }> {
  try {
    return await db.$transaction(async (tx) => {
      await transitionMeeting(tx, ref.meetingId, { to: "in_progress", reason: null, runId: ref.runId, verb: "moved" });
      const { billedTicks } = await tx.meeting.findUniqueOrThrow({ where: { id: ref.meetingId }, select: { billedTicks: true } });
      return { moved: true as const, billedTicks };
    });
  } catch (err) {
    if (err instanceof TransitionRefused) return refusal(err);
    throw err;
  }
}

/**
 * The worker is shutting down (deploy, SIGTERM): the meeting goes back to `joining` with a new run and a
 * start job due now, so another worker (or this one, restarted) takes it over. Nothing happens when
 * the run is no longer current.
 */
export async function handOverRun(ref: RunRef): Promise<boolean> {
  try {
    return await db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ runId: string | null; status: MeetingStatus }[]>`
        SELECT "runId", status FROM "Meeting" WHERE id = ${ref.meetingId} FOR UPDATE`;
      if (!row || row.runId !== ref.runId || !(LIVE_STATUSES as readonly MeetingStatus[]).includes(row.status)) return false;
      const t = await transitionMeeting(tx, ref.meetingId, { to: "joining", reason: HANDED_OVER_REASON, verb: "handed over" });
      await enqueueRun(tx, ref.meetingId, t.runId!, new Date());
      return true;
    });
  } catch (err) {
    if (err instanceof TransitionRefused) return false;
    throw err;
  }
}

/** Adds a timeline note without changing the status (e.g. "the agent is waiting for the host"). */
export async function noteRun(ref: RunRef, reason: string, data?: Prisma.InputJsonValue): Promise<void> {
  const m = await db.meeting.findUnique({ where: { id: ref.meetingId }, select: { status: true, runId: true } });
  if (!m || m.runId !== ref.runId) return;
  await db.meetingEvent.create({ data: { meetingId: ref.meetingId, fromStatus: m.status, toStatus: m.status, reason, data } });
}

/** A billing tick's outcome (`billed`: charged now or before), or `superseded`: the run no longer owns the call. */
export type BillResult = UsageResult | { superseded: true };

/**
 * Bills the meeting's tick `tick` for the run: the debit and the meeting's count move in one
 * transaction, under the meeting's row lock, and only while the run is the meeting's current one,
 * claimed by this worker and in the call. So a minute is never billed after the user stopped the
 * meeting (the stop has committed first, or the tick did), never by an old run during a restart, and
 * never twice (the ledger key is the meeting and the tick; a retry after a lost answer finds it).
 */
export async function billMinute(ref: RunRef & { userId: string; agentId: string }, tick: number): Promise<BillResult> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ billedTicks: number; owned: boolean }[]>`
      SELECT "billedTicks", ("runId" = ${ref.runId} AND "workerId" = ${ref.workerId} AND status = 'in_progress') AS owned
      FROM "Meeting" WHERE id = ${ref.meetingId} FOR UPDATE`;
    if (!row?.owned) return { superseded: true } as const;
    if (tick > row.billedTicks) throw new Error(`tick ${tick} of meeting ${ref.meetingId} is ahead of its count (${row.billedTicks})`);
    const usage = await recordUsageTx(tx, { userId: ref.userId, meetingId: ref.meetingId, agentId: ref.agentId, tick });
    if (usage.billed && tick === row.billedTicks) await tx.meeting.update({ where: { id: ref.meetingId }, data: { billedTicks: tick + 1 } });
    return usage;
  });
}

/**
 * Saves a transcript line with its times as milliseconds into the meeting (since it first started,
 * which a restart keeps), and its event for webhooks and the event stream in the same transaction.
 * The session's times are on its own clock; `clockEpochMs` is the wall-clock time at that clock's
 * zero (Date.now() - performance.now() for the default clock).
 */
/** Session-clock times as ms since the meeting started (the agent's admission), given the session clock's epoch. */
function meetingTime(startedAt: Date | null, clockEpochMs: number) {
  const zero = (startedAt ?? new Date()).getTime() - clockEpochMs;
  return (ms: number) => Math.max(0, Math.round(ms - zero));
}

export async function saveTranscriptSegment(meetingId: string, s: TranscriptSegment, clockEpochMs: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const meeting = await tx.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { userId: true, startedAt: true } });
    const at = meetingTime(meeting.startedAt, clockEpochMs);
    const segment = await tx.transcriptSegment.create({
      data: { meetingId, speaker: s.speaker, isAgent: s.isAgent, text: s.text, startMs: at(s.startMs), endMs: at(s.endMs), interrupted: s.interrupted ?? false, chat: s.chat ?? false },
      select: { id: true, speaker: true, isAgent: true, text: true, startMs: true, endMs: true, interrupted: true, chat: true },
    });
    await recordTranscriptSegment(tx, { id: meetingId, userId: meeting.userId }, segment);
  });
}

/** What the agent is doing in the call (lib/bots/live-state-tracker.ts), for the test room; only by the current run. */
export async function saveLiveState(ref: RunRef, state: LiveState): Promise<void> {
  await db.meeting.updateMany({ where: { id: ref.meetingId, runId: ref.runId }, data: { liveState: state as unknown as Prisma.InputJsonValue } });
}

/** Adds provider usage to the meeting's per-provider totals (one row per provider and model). */
export async function addProviderUsage(meetingId: string, u: ProviderUsage): Promise<void> {
  const add = {
    audioMs: u.kind === "stt" ? Math.round(u.audioMs) : 0,
    inputTokens: u.kind === "ai" ? u.inputTokens : 0,
    outputTokens: u.kind === "ai" ? u.outputTokens : 0,
    characters: u.kind === "tts" ? u.characters : 0,
  };
  await db.meetingProviderUsage.upsert({
    where: { meetingId_kind_providerId_model: { meetingId, kind: u.kind, providerId: u.providerId, model: u.model } },
    create: { meetingId, kind: u.kind, providerId: u.providerId, model: u.model, ...add },
    update: {
      audioMs: { increment: add.audioMs },
      inputTokens: { increment: add.inputTokens },
      outputTokens: { increment: add.outputTokens },
      characters: { increment: add.characters },
    },
  });
}

export async function saveTurnMetrics(meetingId: string, m: TurnMetrics): Promise<void> {
  const ms = (v: number | null) => (v === null ? null : Math.round(v));
  await db.meetingTurn.create({
    data: {
      meetingId,
      turnId: m.turnId,
      transcriptMs: ms(m.transcriptMs),
      llmFirstTokenMs: ms(m.llmFirstTokenMs),
      ttsFirstAudioMs: ms(m.ttsFirstAudioMs),
      voiceToVoiceMs: ms(m.voiceToVoiceMs),
      interrupted: m.interrupted,
      toolCalls: m.toolCalls,
      toolMs: ms(m.toolMs),
    },
  });
}

/** The arguments of a tool call in short, for the timeline and the transcript. */
export function shortArguments(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * A tool call of the agent: a timeline note (tool, server, duration, ok or error; the arguments only
 * when the agent keeps transcripts, since they carry what was said) and, with transcripts, a
 * transcript line. Written for the run that made it.
 */
export async function saveToolCall(ref: RunRef, agentName: string, call: ToolCallRecord & { server: string | null }, withTranscript: boolean, clockEpochMs: number): Promise<void> {
  const args = shortArguments(call.arguments);
  const data = {
    tool: call.name,
    server: call.server,
    durationMs: Math.round(call.durationMs),
    ok: call.ok,
    ...(call.error ? { error: call.error } : {}),
    ...(withTranscript ? { arguments: args } : {}),
  };
  await noteRun(ref, "tool_call", data);
  if (!withTranscript) return;
  const outcome = call.ok ? "ok" : `failed: ${call.error ?? "error"}`;
  // Like every transcript line, with its event for the live stream and webhooks in the same
  // transaction (issue 31: tool lines were in details and exports only).
  await db.$transaction(async (tx) => {
    const meeting = await tx.meeting.findUniqueOrThrow({ where: { id: ref.meetingId }, select: { userId: true, startedAt: true } });
    const at = meetingTime(meeting.startedAt, clockEpochMs);
    const segment = await tx.transcriptSegment.create({
      data: {
        meetingId: ref.meetingId,
        speaker: agentName,
        isAgent: true,
        text: `Tool ${call.name} ${args}: ${outcome} (${(call.durationMs / 1000).toFixed(1)} s)`,
        startMs: at(call.startMs),
        endMs: at(call.startMs + call.durationMs),
        tool: { name: call.name, server: call.server, arguments: args, durationMs: Math.round(call.durationMs), ok: call.ok, error: call.error ?? null },
      },
      select: { id: true, speaker: true, isAgent: true, text: true, startMs: true, endMs: true, interrupted: true, chat: true },
    });
    await recordTranscriptSegment(tx, { id: ref.meetingId, userId: meeting.userId }, segment);
  });
}

/** Who is in the call, as the platform adapter reports the roster. */
export async function saveParticipants(meetingId: string, present: { id: string; name: string; isAgent?: boolean }[]): Promise<void> {
  const now = new Date();
  await db.$transaction(async (tx) => {
    for (const p of present) {
      await tx.meetingParticipant.upsert({
        where: { meetingId_externalId: { meetingId, externalId: p.id } },
        create: { meetingId, externalId: p.id, name: p.name, isAgent: p.isAgent ?? false, joinedAt: now },
        update: { name: p.name, leftAt: null },
      });
    }
    await tx.meetingParticipant.updateMany({
      where: { meetingId, leftAt: null, externalId: { notIn: present.map((p) => p.id) } },
      data: { leftAt: now },
    });
  });
}
