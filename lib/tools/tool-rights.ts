import type { ToolRights, ToolSpec } from "./types.ts";

// Who may use which tool (docs/tools.md, "Who may use which tool"): decided here, in code, never in
// the prompt. Each tool has an audience; a tool that acts (leaves, sends, books, deletes) also runs only
// when the person's own words can have asked for it: as a call the model made before it read any tool
// result in this reply.

/** Who may have a tool run: the meeting's owner only, everyone in the meeting, or nobody. */
export type ToolAudience = "owner" | "everyone" | "off";
export const TOOL_AUDIENCES: readonly ToolAudience[] = ["owner", "everyone", "off"];

export interface ToolPolicy {
  audience: ToolAudience;
  /** It acts in the world (leaves, sends, books, deletes): never on the strength of a tool's result. */
  acts: boolean;
}

/** The speaker of the turn being answered, as far as the meeting can verify it (lib/tools/meeting-owner.ts). */
export interface Speaker {
  isOwner: boolean;
}

/** Whether this speaker may have this tool at all (offered to the model, and run). */
export function mayUse(policy: ToolPolicy, speaker: Speaker): boolean {
  return policy.audience === "everyone" || (policy.audience === "owner" && speaker.isOwner);
}

/**
 * Why a call may not run, or null when it may: outside the speaker's rights, or a tool that acts
 * called after the model read a tool result in this reply (results are data; they never widen rights).
 */
export function callRefusal(name: string, policy: ToolPolicy | undefined, speaker: Speaker, afterToolResult: boolean): string | null {
  if (!policy || policy.audience === "off") return `${name} is not available in this meeting`;
  if (!mayUse(policy, speaker)) return `not allowed for this speaker: ${name} is for the meeting's owner only, and this speaker is not verified as the owner`;
  if (policy.acts && afterToolResult) return `${name} acts for the owner and runs only when the person asks for it in their own words, not after reading a tool result; ask them to confirm and call it again in their next turn`;
  return null;
}

/** The rights of one speaker over a meeting's tools. */
export function rightsOver(specs: readonly ToolSpec[], policyOf: (name: string) => ToolPolicy | undefined, speaker: Speaker): ToolRights {
  return {
    specs: specs.filter((s) => {
      const policy = policyOf(s.name);
      return policy !== undefined && mayUse(policy, speaker);
    }),
    refusal: (name, afterToolResult) => callRefusal(name, policyOf(name), speaker, afterToolResult),
  };
}
