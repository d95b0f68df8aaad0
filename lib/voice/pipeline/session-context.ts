import type { Logger } from "../../log.ts";
import type { SessionEvent } from "../types.ts";
import type { ActivationGate } from "./activation-gate.ts";
import type { MeetingHistory } from "./context.ts";
import type { EchoGuard } from "./echo-guard.ts";
import type { Participants } from "./participants.ts";

/** What every part of a session works with: the session clock, its log and its events. */
export interface SessionContext {
  now: () => number;
  log: Logger;
  emit: (event: SessionEvent) => void;
}

/** What the people's side and the agent's side share: who is there, the meeting as remembered, the gate and the agent's own words. */
export interface Conversation extends SessionContext {
  gate: ActivationGate;
  echo: EchoGuard;
  history: MeetingHistory;
  participants: Participants;
}
