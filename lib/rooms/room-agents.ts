import { microsToUsd } from "../billing/money.ts";
import type { LiveState } from "../meetings/live-state.ts";
import { db } from "../db/client.ts";
import type { MeetingStatus } from "../generated/prisma/client.ts";
import { meetingCosts } from "../meetings/serialize.ts";
import { roomUrl } from "./ids.ts";

/** An agent sent into the room, as everyone in the room sees it (the `agents` event). */
export interface RoomAgent {
  agentName: string;
  status: MeetingStatus;
  statusReason: string | null;
  /** While in progress: listening, thinking or speaking, and why it last did not answer. */
  live: LiveState | null;
  /** How it decides to answer: a wake word, or manual activation (then `activated` says whether on). */
  wakeWord: string | null;
  manualActivation: boolean;
  activated: boolean;
  /** Only for the signed-in owner of the meeting: the meeting to act on (stop, activation, restart) and its cost so far. */
  owner: { meetingId: string; costUsd: number } | null;
}

/**
 * The agents sent into this room: each agent's latest meeting here (whether still in the call or
 * not, so a failure stays visible with its reason), in the order they were sent.
 */
export async function roomAgents(roomId: string, viewerId: string | null): Promise<RoomAgent[]> {
  const meetings = await db.meeting.findMany({
    where: { meetingUrl: roomUrl(roomId), platform: "room", agentId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    select: {
      id: true,
      userId: true,
      agentId: true,
      status: true,
      statusReason: true,
      liveState: true,
      activated: true,
      agent: { select: { name: true, wakeWord: true, manualActivation: true } },
    },
  });
  const latest = new Map<string, (typeof meetings)[number]>();
  for (const m of meetings) if (m.agentId && !latest.has(m.agentId)) latest.set(m.agentId, m);
  const shown = [...latest.values()].reverse();
  const owned = viewerId ? shown.filter((m) => m.userId === viewerId).map((m) => m.id) : [];
  const costs = viewerId && owned.length > 0 ? await meetingCosts(viewerId, owned) : new Map<string, bigint>();
  return shown.map((m) => ({
    agentName: m.agent?.name ?? "",
    status: m.status,
    statusReason: m.statusReason,
    live: m.status === "in_progress" ? ((m.liveState as LiveState | null) ?? null) : null,
    wakeWord: m.agent?.wakeWord ?? null,
    // Without a wake word the agent answers only when activated (lib/voice/pipeline/activation-gate.ts).
    manualActivation: Boolean(m.agent?.manualActivation || !m.agent?.wakeWord),
    activated: m.activated,
    owner: m.userId === viewerId ? { meetingId: m.id, costUsd: microsToUsd(costs.get(m.id) ?? 0n) } : null,
  }));
}
