import { saveParticipants, type RunRef } from "../../meetings/bot-runs.ts";
import type { VoiceSession } from "../../voice/types.ts";
import type { BotTools } from "../agent-tools.ts";
import type { Participant } from "../platforms/types.ts";
import type { LeaveRules } from "./leave-rules.ts";

export interface RosterOptions {
  ref: RunRef;
  session: VoiceSession;
  tools: BotTools;
  rules: LeaveRules;
  save(what: string, write: () => Promise<unknown>): void;
}

/**
 * Who is in the call, each time the platform reports it: the names for the transcript and the bot's
 * own voice (never heard) go to the session, the roster to the tools (who may ask the agent to leave)
 * and to the leave rules ("alone"), and the list is saved for the meeting's page.
 */
export function rosterUpdates(o: RosterOptions): (participants: Participant[]) => void {
  return (participants) => {
    o.tools.setRoster(participants);
    o.save("participants", () => saveParticipants(o.ref.meetingId, participants.map((p) => ({ id: p.id, name: p.name, isAgent: p.isSelf }))));
    for (const p of participants) {
      for (const speakerId of p.speakerIds) {
        if (p.isSelf) o.session.setSelfSpeakerId(speakerId);
        else o.session.setParticipantName(speakerId, p.name);
      }
    }
    o.rules.roster(participants);
  };
}
