import type { UnansweredReason } from "./run-output.ts";

/**
 * What the agent is doing in the call, as the test room shows it (Meeting.liveState): listening,
 * thinking (a reply has begun, nothing audible yet) or speaking, and why it last left a turn
 * unanswered. The heard words are kept only when the agent keeps transcripts.
 */
export interface LiveState {
  activity: "listening" | "thinking" | "speaking";
  unanswered?: { reason: UnansweredReason; text: string | null; at: string };
}
