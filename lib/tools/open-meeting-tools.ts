import type { AgentMcpServer } from "../generated/prisma/client.ts";
import type { AgentTools, ToolSpec } from "./types.ts";
import { addActionItem } from "./builtin/add-action-item.ts";
import { addNote } from "./builtin/add-note.ts";
import type { BuiltinTool, MeetingScope } from "./builtin/builtin-tool.ts";
import { currentTime } from "./builtin/current-time.ts";
import { leaveMeeting } from "./builtin/leave-meeting.ts";
import { upcomingMeetings } from "./builtin/upcoming-meetings.ts";
import { connectMcpServer, McpProblem, type McpConnection } from "./mcp-client.ts";
import { storedServerHeaders } from "./stored-mcp-server.ts";
import { uniqueToolName } from "./tool-name.ts";
import { builtinPolicy, mcpToolPolicy } from "./tool-policies.ts";
import { rightsOver, type ToolPolicy } from "./tool-rights.ts";

export const BUILTIN_TOOLS: BuiltinTool[] = [addNote, addActionItem, currentTime, upcomingMeetings, leaveMeeting];

/** Connecting to one server (initialize and tools/list) may take this long before the bot joins without it. */
export const MCP_CONNECT_TIMEOUT_MS = 10_000;
/** Tools offered to the model at most: more slow every request and confuse smaller models. */
const MAX_TOOLS = 64;
/** A server's description of a tool is cut to this (some paste whole manuals). */
const MAX_DESCRIPTION = 1000;

export interface MeetingTools {
  tools: AgentTools;
  /** Servers that could not be used, and why (for the meeting's timeline). */
  problems: { server: string; message: string }[];
  /** Where a tool the model sees comes from: a server's name, or null for a built-in one. */
  serverOf(name: string): string | null;
  /** Ends every server's session (bounded). */
  close(): Promise<void>;
}

/**
 * The tools of one agent in one meeting: the built-in ones and those of its MCP servers, connected
 * now, in parallel, each within MCP_CONNECT_TIMEOUT_MS. A server that fails is reported in
 * `problems` and left out; it never stops the meeting. Tools the user switched off are not offered.
 * Each tool has its audience (`builtinAudience`: the agent's choices for the built-in ones, the
 * servers' lists for theirs); `rightsFor` answers what one speaker may use (docs/tools.md, "Who may
 * use which tool"), and `run` refuses a call outside the speaker's rights on its own too.
 */
export async function openMeetingTools(servers: AgentMcpServer[], scope: MeetingScope, builtinAudience: unknown = {}): Promise<MeetingTools> {
  const problems: MeetingTools["problems"] = [];
  const connections = await Promise.all(
    servers.map(async (server) => {
      try {
        return { server, connection: await connectMcpServer({ url: server.url, headers: storedServerHeaders(server) }, { timeoutMs: MCP_CONNECT_TIMEOUT_MS }) };
      } catch (err) {
        problems.push({ server: server.name, message: err instanceof McpProblem ? err.message : String((err as Error)?.message ?? err) });
        return null;
      }
    }),
  );

  const policies = new Map<string, ToolPolicy>();
  const builtins = BUILTIN_TOOLS.filter((t) => {
    const policy = builtinPolicy(t.spec.name, builtinAudience)!;
    policies.set(t.spec.name, policy);
    return policy.audience !== "off";
  });
  const specs: ToolSpec[] = builtins.map((t) => t.spec);
  // Names of switched-off built-ins stay taken: an MCP tool never answers to a built-in's name.
  const taken = new Set(BUILTIN_TOOLS.map((t) => t.spec.name));
  const routes = new Map<string, { builtin: BuiltinTool } | { server: string; connection: McpConnection; tool: string }>(builtins.map((t) => [t.spec.name, { builtin: t }]));
  for (const open of connections) {
    if (!open) continue;
    for (const tool of open.connection.tools) {
      const policy = mcpToolPolicy(open.server, tool.name);
      if (policy.audience === "off") continue;
      if (specs.length >= MAX_TOOLS) break;
      const name = uniqueToolName(open.server.name, tool.name, taken);
      taken.add(name);
      const { $schema: _, ...parameters } = tool.inputSchema;
      specs.push({ name, description: (tool.description || tool.name).slice(0, MAX_DESCRIPTION), parameters });
      routes.set(name, { server: open.server.name, connection: open.connection, tool: tool.name });
      policies.set(name, policy);
    }
  }
  const offered = (name: string) => (routes.has(name) ? policies.get(name) : undefined);
  const rightsFor = (context: Parameters<MeetingScope["isOwner"]>[0]) => rightsOver(specs, offered, { isOwner: scope.isOwner(context) });

  return {
    tools: {
      specs,
      rightsFor,
      async run(name, args, context, signal) {
        const route = routes.get(name);
        if (!route) return { text: `There is no tool named ${name}.`, isError: true };
        // The pipeline checks every call against the speaker's rights; this holds even without it.
        const refused = rightsFor(context).refusal(name, false);
        if (refused) return { text: `Not run: ${refused}.`, isError: true };
        if ("builtin" in route) return route.builtin.run(args, context, scope);
        // The pipeline bounds the call; the SDK's own time-out is only a backstop.
        return route.connection.callTool(route.tool, args, { signal, timeoutMs: 60_000 });
      },
    },
    problems,
    serverOf: (name) => {
      const route = routes.get(name);
      return route && "server" in route ? route.server : null;
    },
    close: async () => {
      await Promise.all(connections.map((c) => c?.connection.close()));
    },
  };
}
