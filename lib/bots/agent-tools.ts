import { db } from "../db/client.ts";
import type { Agent } from "../generated/prisma/client.ts";
import { noteRun, saveToolCall, type RunRef } from "../meetings/bot-runs.ts";
import { speakerIsOwner, type OwnerProof } from "../tools/meeting-owner.ts";
import type { MeetingScope } from "../tools/builtin/builtin-tool.ts";
import { openMeetingTools } from "../tools/open-meeting-tools.ts";
import type { ToolCallRecord } from "../meetings/run-output.ts";
import type { AgentTools } from "../tools/types.ts";
import type { Participant } from "./platforms/types.ts";

/** If the goodbye after leave_meeting never finishes (input stopped), the bot leaves anyway. */
const LEAVE_AFTER_REPLY_LIMIT_MS = 20_000;

export interface BotTools {
  tools: AgentTools;
  /** The roster as the platform reports it (whose voice is whose, for the owner's rights). */
  setRoster(participants: Participant[]): void;
  /** The participant the owner confirmed as themselves on the live meeting page (Meet, Teams, Zoom), or null. */
  setConfirmedOwner(participantId: string | null): void;
  onToolCall(call: ToolCallRecord): void;
  /** A reply ended (played or cut): if it said goodbye for leave_meeting, the bot leaves now. */
  onReplyEnded(turnId: number): void;
  close(): Promise<void>;
}

interface Options {
  ref: RunRef;
  agent: Agent;
  ownerUserId: string;
  /** The meeting's platform ("room": the owner is known from the room's sign-in). */
  platform: string;
  /** Queues a write after the run's other writes (lib/bots/run/meeting-run.ts). */
  save(what: string, write: () => Promise<unknown>): void;
  log(event: string, fields?: Record<string, unknown>): void;
  /** Ends the bot's time in the meeting, asked by its owner. */
  leave(): void;
}

/**
 * An agent's tools in one run of a meeting (docs/tools.md): connects its MCP servers before the bot
 * joins (a server that fails is a timeline note, not a failed meeting), records every call, and
 * carries out leave_meeting once the goodbye has been said.
 */
export async function openBotTools(o: Options): Promise<BotTools> {
  const [owner, servers, meeting] = await Promise.all([
    db.user.findUnique({ where: { id: o.ownerUserId }, select: { firstName: true, lastName: true } }),
    db.agentMcpServer.findMany({ where: { agentId: o.agent.id }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    db.meeting.findUnique({ where: { id: o.ref.meetingId }, select: { ownerParticipantId: true } }),
  ]);
  const ownerName = [owner?.firstName, owner?.lastName].filter(Boolean).join(" ");
  let roster: Participant[] = [];
  const proof = ownerProof(o, meeting?.ownerParticipantId ?? null);
  let leaveAfterTurn: number | null = null;
  let leaveTimer: NodeJS.Timeout | undefined;
  const scope: MeetingScope = {
    meetingId: o.ref.meetingId,
    agentId: o.agent.id,
    timeZone: o.agent.timeZone,
    ownerName,
    isOwner: (context) => speakerIsOwner(context, roster, proof.current()),
    leaveAfterReply: (context) => {
      leaveAfterTurn = context.turnId;
      o.log("leave_requested", { turnId: context.turnId });
      clearTimeout(leaveTimer);
      leaveTimer = setTimeout(o.leave, LEAVE_AFTER_REPLY_LIMIT_MS);
    },
  };
  const opened = await openMeetingTools(servers, scope, o.agent.builtinToolAudience);
  for (const problem of opened.problems) {
    o.log("tool_server_unavailable", { level: "warn", server: problem.server, error: problem.message });
    o.save("tool server problem", () => noteRun(o.ref, "tool_server_unavailable", problem));
  }
  o.log("tools_ready", { tools: opened.tools.specs.length, servers: servers.length - opened.problems.length, failedServers: opened.problems.length });
  return {
    tools: opened.tools,
    setRoster(participants) {
      roster = participants;
      proof.rosterChanged(participants);
    },
    setConfirmedOwner: (participantId) => proof.confirmed(participantId),
    onToolCall(call) {
      // A tool's own error text may quote what was said: the log keeps only what kind of failure it was.
      const failure = call.ok ? undefined : call.abandoned ? "abandoned" : call.error === "timed out" ? "timed_out" : "tool_error";
      o.log("tool_call", { tool: call.name, turnId: call.turnId, durationMs: Math.round(call.durationMs), ok: call.ok, failure });
      // The session's clock (performance.now()) mapped to the wall clock, as for transcript lines.
      const clockEpochMs = Date.now() - performance.now();
      o.save("tool call", () => saveToolCall(o.ref, o.agent.name, { ...call, server: opened.serverOf(call.name) }, o.agent.transcript, clockEpochMs));
    },
    onReplyEnded(turnId) {
      if (leaveAfterTurn !== turnId) return;
      clearTimeout(leaveTimer);
      o.leave();
    },
    async close() {
      clearTimeout(leaveTimer);
      await opened.close();
    },
  };
}

/**
 * What proves who the owner is in this meeting (docs/tools.md, "Who is the owner"). In the test room:
 * the room's own record of which participant joined with the owner's signed-in session, read again
 * whenever the roster changes (until it is read, a newcomer is nobody's owner). Elsewhere: the
 * participant the owner confirmed on the live meeting page.
 */
function ownerProof(o: Options, confirmedAtStart: string | null) {
  let confirmed = confirmedAtStart;
  let sessionIds: ReadonlySet<string> = new Set();
  let asked = 0;
  let present = "";
  return {
    current: (): OwnerProof => (o.platform === "room" ? { kind: "session", participantIds: sessionIds } : { kind: "confirmed", participantId: confirmed }),
    confirmed(participantId: string | null) {
      if (participantId !== confirmed) o.log("owner_confirmed", { confirmed: participantId !== null });
      confirmed = participantId;
    },
    rosterChanged(participants: Participant[]) {
      if (o.platform !== "room") return;
      const ids = participants.filter((p) => !p.isSelf).map((p) => p.id);
      // Only who is there matters (the roster also changes with who speaks).
      if (ids.join(" ") === present) return;
      present = ids.join(" ");
      // Someone who left is nobody's owner at once; who joined is looked up.
      sessionIds = new Set([...sessionIds].filter((id) => ids.includes(id)));
      const mine = ++asked;
      db.roomParticipant
        .findMany({ where: { id: { in: ids }, userId: o.ownerUserId }, select: { id: true } })
        .then((rows) => {
          if (mine === asked) sessionIds = new Set(rows.map((r) => r.id));
        })
        .catch((err) => o.log("owner_lookup_failed", { level: "warn", error: String((err as Error)?.message ?? err) }));
    },
  };
}
