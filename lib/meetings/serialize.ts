import { z } from "zod";
import { pagination, time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { dollars, microsToUsd } from "../billing/money.ts";
import type { AgentStatus, Meeting } from "../generated/prisma/client.ts";
import { MEETING_STATUSES } from "./status.ts";

/** Where a meeting takes place, as responses name it ("room": Cohost's own test room). */
export const platformField = z.enum(["zoom", "teams", "meet", "room"]);
export const meetingStatusField = z.enum(MEETING_STATUSES);

export const meetingResponse = z
  .object({
    id: z.string(),
    agentId: z.string().nullable(),
    agentName: z.string().nullable(),
    agentStatus: z.enum(["active", "paused"]).nullable().meta({ description: "Null once the agent is deleted" }),
    title: z.string(),
    meetingUrl: z.string(),
    platform: platformField,
    status: meetingStatusField,
    statusReason: z.string().nullable(),
    scheduledStart: time,
    scheduledEnd: time.nullable(),
    startedAt: time.nullable(),
    endedAt: time.nullable(),
    costUsd: dollars,
    activated: z.boolean(),
    createdAt: time,
  })
  .meta({ id: "Meeting" });

export const meetingListResponse = z.object({ meetings: z.array(meetingResponse), pagination }).meta({ id: "MeetingList" });

/** What deleting something that held meetings answers (an agent, a calendar): how many it cancelled. */
export const deletedWithMeetingsResponse = z.object({ deleted: z.literal(true), cancelledMeetings: z.int() }).meta({ id: "DeletedWithMeetings" });

type MeetingWithAgent = Meeting & { agent: { name: string; status: AgentStatus } | null };

/** The API shape of a meeting (ISO times in JSON; cost in USD from its usage entries). */
export function serializeMeeting(m: MeetingWithAgent, costMicros = 0n) {
  return {
    id: m.id,
    agentId: m.agentId,
    agentName: m.agent?.name ?? null,
    /** Null once the agent is deleted; a paused agent joins nothing until resumed. */
    agentStatus: m.agent?.status ?? null,
    title: m.title,
    meetingUrl: m.meetingUrl,
    platform: m.platform,
    status: m.status,
    statusReason: m.statusReason,
    scheduledStart: m.scheduledStart,
    scheduledEnd: m.scheduledEnd,
    startedAt: m.startedAt,
    endedAt: m.endedAt,
    costUsd: microsToUsd(costMicros),
    activated: m.activated,
    createdAt: m.createdAt,
  } satisfies Sent<typeof meetingResponse>;
}

export type MeetingDto = ReturnType<typeof serializeMeeting>;

/** What each meeting has cost so far: the sum of its usage debits, in one query for a page. */
export async function meetingCosts(userId: string, meetingIds: string[]): Promise<Map<string, bigint>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db.ledgerEntry.groupBy({
    by: ["meetingId"],
    where: { userId, type: "usage", meetingId: { in: meetingIds } },
    _sum: { amountMicros: true },
  });
  return new Map(rows.map((r) => [r.meetingId!, -(r._sum.amountMicros ?? 0n)]));
}

export const WITH_AGENT_NAME = { agent: { select: { name: true, status: true } } } as const;

/** A meeting as the API returns it after an action. */
export async function meetingDto(userId: string, id: string): Promise<MeetingDto> {
  const meeting = await db.meeting.findFirst({ where: { id, userId }, include: WITH_AGENT_NAME });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const costs = await meetingCosts(userId, [id]);
  return serializeMeeting(meeting, costs.get(id));
}
