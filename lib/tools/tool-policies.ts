import { z } from "zod";
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

/** Every built-in tool's audience for an agent, as the agent API answers it. */
export function builtinAudiences(chosen: unknown): Record<BuiltinToolName, ToolAudience> {
  return Object.fromEntries(BUILTIN_TOOL_NAMES.map((name) => [name, builtinPolicy(name, chosen)!.audience])) as Record<BuiltinToolName, ToolAudience>;
}

const audienceSchema = z.enum(TOOL_AUDIENCES as [ToolAudience, ...ToolAudience[]], { error: 'An audience is "owner", "everyone" or "off"' });

/** The agent API's `builtinTools`: an audience per built-in tool (omitted tools keep their default); leave_meeting is never for everyone. */
export const builtinToolsSchema = z
  .record(z.string(), audienceSchema, { error: "builtinTools must be an object of tool names and audiences" })
  .superRefine((chosen, ctx) => {
    for (const [name, audience] of Object.entries(chosen)) {
      if (!isBuiltin(name)) ctx.addIssue({ code: "custom", path: [name], message: `There is no built-in tool named ${name.slice(0, 64)} (they are ${BUILTIN_TOOL_NAMES.join(", ")})` });
      else if (!BUILTIN_POLICIES[name].audiences.includes(audience)) ctx.addIssue({ code: "custom", path: [name], message: `${name} can be for the owner only, or off` });
    }
  });
