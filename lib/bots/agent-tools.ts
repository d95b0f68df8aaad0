import { db } from "../db/client.ts";
import type { Agent } from "../generated/prisma/client.ts";
import { noteRun, saveToolCall, type RunRef } from "../meetings/bot-runs.ts";
import { speakerIsOwner } from "../tools/meeting-owner.ts";
import { openMeetingTools } from "../tools/open-meeting-tools.ts";
import type { ToolCallRecord } from "../meetings/run-output.ts";
import type { AgentTools } from "../tools/types.ts";
import type { Participant } from "./platforms/types.ts";

/** If the goodbye after leave_meeting never finishes (input stopped), the bot leaves anyway. */
const LEAVE_AFTER_REPLY_LIMIT_MS = 20_000;

export interface BotTools {
  tools: AgentTools;
  /** The roster as the platform reports it (who may ask the agent to leave). */
  setRoster(participants: Participant[]): void;
  onToolCall(call: ToolCallRecord): void;
  /** A reply ended (played or cut): if it said goodbye for leave_meeting, the bot leaves now. */
  onReplyEnded(turnId: number): void;
  close(): Promise<void>;
}

interface Options {
  ref: RunRef;
  agent: Agent;
  ownerUserId: string;
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
  const [owner, servers] = await Promise.all([
    db.user.findUnique({ where: { id: o.ownerUserId }, select: { firstName: true, lastName: true } }),
    db.agentMcpServer.findMany({ where: { agentId: o.agent.id }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
  ]);
  const ownerName = [owner?.firstName, owner?.lastName].filter(Boolean).join(" ");
  let roster: Participant[] = [];
  let leaveAfterTurn: number | null = null;
  let leaveTimer: NodeJS.Timeout | undefined;
  const opened = await openMeetingTools(servers, {
    meetingId: o.ref.meetingId,
    agentId: o.agent.id,
    timeZone: o.agent.timeZone,
    ownerName,
    isOwner: (context) => speakerIsOwner(ownerName, context, roster),
    leaveAfterReply: (context) => {
      leaveAfterTurn = context.turnId;
      o.log("leave_requested", { turnId: context.turnId });
      clearTimeout(leaveTimer);
      leaveTimer = setTimeout(o.leave, LEAVE_AFTER_REPLY_LIMIT_MS);
    },
  });
  for (const problem of opened.problems) {
    o.log("tool_server_unavailable", { level: "warn", server: problem.server, error: problem.message });
    o.save("tool server problem", () => noteRun(o.ref, "tool_server_unavailable", problem));
  }
  o.log("tools_ready", { tools: opened.tools.specs.length, servers: servers.length - opened.problems.length, failedServers: opened.problems.length });
  return {
    tools: opened.tools,
    setRoster: (participants) => (roster = participants),
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
