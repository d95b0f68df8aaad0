// What a tool is, to the model and to the meeting: its declaration, who is asking, and the set an agent
// has in a meeting (built-in tools and its MCP servers' tools; docs/tools.md). The voice pipeline offers
// and runs them through these types.

/** A function the model may call (docs/tools.md). */
export interface ToolSpec {
  /** [a-zA-Z0-9_-], at most 64 characters: what every vendor accepts. */
  name: string;
  description: string;
  /** JSON Schema of the arguments: an object schema. */
  parameters: Record<string, unknown>;
}

/** Who the agent is answering when it calls a tool (built-in tools check it, e.g. leave_meeting). */
export interface ToolContext {
  turnId: number;
  /** The speaker's display name ("Participant" when unknown). */
  speaker: string;
  /** The platform's participant id, when the audio was tagged. */
  speakerId: string | null;
  /**
   * The turn was typed in the meeting's chat: who sent it, as the meeting's own identity for them
   * (the test room's participant id, which the server stamps), or null where the page shows only a
   * name. A chat sender never has a speaker id (docs/tools.md, "Who may use which tool").
   */
  chat?: { senderId: string | null };
}

/** What one speaker may use in one reply: the tools offered to the model, and the check of every call (lib/tools/tool-rights.ts). */
export interface ToolRights {
  specs: ToolSpec[];
  /** Why this call may not run, or null: outside the speaker's rights, or a tool that acts called after a tool result was read. */
  refusal(name: string, afterToolResult: boolean): string | null;
}

/** The tools an agent has in a meeting: built-in ones and its MCP servers' (lib/tools). */
export interface AgentTools {
  /** Every tool the agent has in this meeting (not switched off), whoever may use it. */
  readonly specs: ToolSpec[];
  /**
   * What this turn's speaker may use (docs/tools.md, "Who may use which tool"), decided in code when
   * the turn is answered: the pipeline offers the model only `specs` of it, and refuses every call
   * `refusal` names, whatever the model says.
   */
  rightsFor(context: ToolContext): ToolRights;
  /**
   * Runs one call. Resolves with the text for the model; rejects (or resolves `isError`) when the tool
   * failed. Must honour `signal` (barge-in, time-out); the pipeline bounds time and size itself.
   */
  run(name: string, args: Record<string, unknown>, context: ToolContext, signal: AbortSignal): Promise<{ text: string; isError?: boolean }>;
}
