import { randomUUID } from "node:crypto";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { appUrl } from "../config.ts";
import { joinLeadMs, launchTime } from "./join-lead.ts";
import { enqueueRun } from "./enqueue-run.ts";
import { ACCEPTED_LINKS_MESSAGE, BAD_LINK_MESSAGES, parseJoinLink, platformOfBadLink } from "./meeting-url.ts";
import { assertReady, READY_SELECT } from "./run-checks.ts";
import { joinMeetingSchema } from "./schema.ts";
import { WITH_AGENT_NAME, serializeMeeting } from "./serialize.ts";
import { LIVE_STATUSES } from "./status.ts";
import { recordStatusChange } from "./meeting-events.ts";

/** Scheduled meetings of one agent and link closer than this are the same meeting. */
const SAME_MEETING_WINDOW_MS = 60 * 60 * 1000;
/** A start time this far in the past is a mistake, not "now". */
const PAST_TOLERANCE_MS = 60 * 1000;

/**
 * POST /api/meetings/join: sends an agent into a meeting now, or schedules it for `startAt`.
 * Checks run in the order a user can act on them: the input, the agent, the balance, then whether the
 * agent is already on its way to that meeting (under a per-agent lock, so two clicks make one meeting).
 */
export async function joinMeeting(userId: string, body: unknown) {
  const input = parseWith(joinMeetingSchema, body);
  const link = parseJoinLink(input.meetingUrl, appUrl());
  if (!link) {
    const bad = platformOfBadLink(input.meetingUrl);
    const message = bad ? BAD_LINK_MESSAGES[bad] : ACCEPTED_LINKS_MESSAGE;
    throw new AppError("validation_error", message, { issues: [{ path: "meetingUrl", message }] });
  }
  const now = new Date();
  const start = input.startAt ? new Date(input.startAt) : now;
  if (start.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    const message = "The start time is in the past";
    throw new AppError("validation_error", message, { issues: [{ path: "startAt", message }] });
  }

  // The answer is built inside the transaction: read afterwards, it would queue for a pooled
  // connection again behind every other join, and under load all of them would answer last.
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meeting-join:${input.agentId}`}))`;
    const agent = await tx.agent.findFirst({ where: { id: input.agentId, userId }, select: { id: true, joinLeadMinutes: true, ...READY_SELECT } });
    if (!agent) throw new AppError("not_found", "Agent not found", { issues: [{ path: "agentId", message: "Agent not found" }] });
    await assertReady(tx, userId, agent);
    // Within the agent's lead time (its own, or the operator's) the bot goes at once.
    const joinNow = start.getTime() - now.getTime() <= joinLeadMs(agent.joinLeadMinutes);

    const clash = await tx.meeting.findFirst({
      where: {
        agentId: agent.id,
        meetingUrl: link.url,
        OR: [
          { status: { in: [...LIVE_STATUSES] } },
          { status: "scheduled", scheduledStart: { gt: new Date(start.getTime() - SAME_MEETING_WINDOW_MS), lt: new Date(start.getTime() + SAME_MEETING_WINDOW_MS) } },
        ],
      },
      select: { status: true },
    });
    if (clash) {
      throw new AppError(
        "conflict",
        clash.status === "scheduled"
          ? "This agent is already scheduled for this meeting. Start that meeting instead."
          : "This agent is already in this meeting.",
      );
    }

    const runId = randomUUID();
    const status = joinNow ? ("joining" as const) : ("scheduled" as const);
    const meeting = await tx.meeting.create({
      data: {
        userId,
        agentId: agent.id,
        title: input.title ?? "",
        meetingUrl: link.url,
        platform: link.platform,
        status,
        scheduledStart: start,
        runId,
        joinRequestedAt: joinNow ? now : null,
        events: { create: { fromStatus: null, toStatus: status, reason: joinNow ? "join_requested" : null, createdAt: now } },
      },
      include: WITH_AGENT_NAME,
    });
    await recordStatusChange(tx, { id: meeting.id, userId, agentId: agent.id }, null, status, joinNow ? "join_requested" : null);
    await enqueueRun(tx, meeting.id, runId, launchTime(start, agent.joinLeadMinutes, now));
    // A meeting that has just been created has cost nothing yet.
    return serializeMeeting(meeting);
  });
}
