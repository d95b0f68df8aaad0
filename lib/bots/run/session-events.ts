import type { Logger } from "../../log.ts";
import { addProviderUsage, noteRun, saveTranscriptSegment, saveTurnMetrics, type RunRef } from "../../meetings/bot-runs.ts";
import type { AgentVoiceConfig, SessionEvent } from "../../voice/types.ts";
import type { BotTools } from "../agent-tools.ts";
import { providerFailure } from "../provider-failure.ts";
import type { Microphone } from "./microphone.ts";

export interface SessionEventsOptions {
  ref: RunRef;
  voice: AgentVoiceConfig;
  /** The agent keeps transcripts: its lines are saved. */
  keepTranscript: boolean;
  /** Queues a write after the run's other output (the run's WriteQueue). */
  save(what: string, write: () => Promise<unknown>): void;
  /** What the agent is doing, for the test room (lib/bots/live-state-tracker.ts). */
  live: { event(e: SessionEvent): void };
  tools: BotTools;
  /** Null where the microphone stays on (the platform does not want it switched). */
  microphone: Microphone | null;
  /** Someone other than the agent said something (the silence rule). */
  heard(): void;
  /** Writes the agent's answer to a chat question in the meeting's chat. */
  postChat(text: string): void;
  /** A provider failed for good: the bot's time ends with this reason. */
  fail(failure: ReturnType<typeof providerFailure>): void;
  log: Logger;
}

/**
 * What the bot does with its voice session's events: transcript lines (when the agent keeps them),
 * provider usage and turn metrics are saved in order; tool calls and replies go to the tools; the
 * microphone follows the agent's speech; people's words keep the silence rule from firing; a
 * provider outage is noted on the timeline (the meeting goes
 * on) and a provider that fails for good ends the bot's time.
 */
export function sessionEvents(o: SessionEventsOptions): (e: SessionEvent) => void {
  const { ref, save } = o;
  return (e) => {
    o.live.event(e);
    switch (e.type) {
      case "transcript": {
        if (!e.segment.isAgent) o.heard();
        // The session's clock (performance.now()) mapped to the wall clock when the line is done.
        const clockEpochMs = Date.now() - performance.now();
        if (o.keepTranscript) save("transcript", () => saveTranscriptSegment(ref.meetingId, e.segment, clockEpochMs));
        return;
      }
      case "usage":
        save("usage", () => addProviderUsage(ref.meetingId, e.usage));
        return;
      case "metrics":
        save("metrics", () => saveTurnMetrics(ref.meetingId, e.metrics));
        o.log("turn", { ...e.metrics });
        o.tools.onReplyEnded(e.metrics.turnId);
        return;
      case "tool_call":
        o.tools.onToolCall(e.call);
        return;
      case "speaking":
        o.microphone?.speaking(e.speaking);
        return;
      case "outage":
        // A provider that fails for a while is on the meeting's timeline; the meeting goes on.
        if (e.state === "began") save("outage", () => noteRun(ref, "provider_outage", providerFailure(e.error, o.voice).data));
        else save("outage", () => noteRun(ref, "provider_recovered", { kind: e.providerKind, lastedMs: e.lastedMs }));
        return;
      case "error":
        return o.fail(providerFailure(e.error, o.voice));
      case "chat_reply":
        return o.postChat(e.text);
    }
  };
}
