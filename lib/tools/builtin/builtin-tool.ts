import type { ToolContext, ToolSpec } from "../types.ts";

/** What a built-in tool knows of the meeting it runs in (the bot runtime provides it). */
export interface MeetingScope {
  meetingId: string;
  agentId: string;
  /** The agent's IANA time zone. */
  timeZone: string;
  /** The owner's display name as people see it, and whether this turn's speaker is verified as the owner (docs/tools.md). */
  ownerName: string;
  isOwner(context: ToolContext): boolean;
  /** The bot leaves once the reply that asked for it has been said. */
  leaveAfterReply(context: ToolContext): void;
}

export interface ToolAnswer {
  text: string;
  isError?: boolean;
}

/** A tool every agent has, with no set-up (docs/tools.md). */
export interface BuiltinTool {
  spec: ToolSpec;
  run(args: Record<string, unknown>, context: ToolContext, scope: MeetingScope): Promise<ToolAnswer>;
}
