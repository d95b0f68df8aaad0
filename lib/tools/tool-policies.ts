import { TOOL_AUDIENCES, type ToolAudience, type ToolPolicy } from "./tool-rights.ts";

// The built-in tools' audiences (docs/tools.md, "Who may use which tool"), in a file the agent form
// can import too. Whatever reads or changes the owner's data is for the owner only; notes and action
// items only add to this meeting's notes (with who asked), so everyone in the meeting may add them;
// the time is harmless. leave_meeting acts and is never for everyone.

export const BUILTIN_TOOL_NAMES = ["add_note", "add_action_item", "current_time", "upcoming_meetings", "leave_meeting"] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export const BUILTIN_POLICIES: Record<BuiltinToolName, ToolPolicy & { audiences: readonly ToolAudience[] }> = {
  add_note: { audience: "everyone", acts: false, audiences: TOOL_AUDIENCES },
  add_action_item: { audience: "everyone", acts: false, audiences: TOOL_AUDIENCES },
  current_time: { audience: "everyone", acts: false, audiences: TOOL_AUDIENCES },
  upcoming_meetings: { audience: "owner", acts: false, audiences: TOOL_AUDIENCES },
  leave_meeting: { audience: "owner", acts: true, audiences: ["owner", "off"] },
};

const isBuiltin = (name: string): name is BuiltinToolName => (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);

/** A built-in tool's audience for an agent: what its owner chose (`Agent.builtinToolAudience`), if allowed, else the default. */
export function builtinPolicy(name: string, chosen: unknown): ToolPolicy | undefined {
  if (!isBuiltin(name)) return undefined;
  const { audience, acts, audiences } = BUILTIN_POLICIES[name];
  const stored = chosen && typeof chosen === "object" ? (chosen as Record<string, unknown>)[name] : undefined;
  return { audience: audiences.includes(stored as ToolAudience) ? (stored as ToolAudience) : audience, acts };
}

/** An MCP tool's audience: off when switched off, everyone when the owner opened it, else the owner only. */
export function mcpToolPolicy(server: { disabledTools: string[]; everyoneTools: string[]; actingTools: string[] }, tool: string): ToolPolicy {
  const audience: ToolAudience = server.disabledTools.includes(tool) ? "off" : server.everyoneTools.includes(tool) ? "everyone" : "owner";
  return { audience, acts: server.actingTools.includes(tool) };
}
