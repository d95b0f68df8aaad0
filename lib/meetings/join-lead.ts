import { meetingJoinLeadSeconds } from "../config.ts";

/**
 * How long before a scheduled meeting's start its bot is launched, in ms: the agent's own lead
 * (`joinLeadMinutes`, 0–15) or, when it has none, the operator's MEETING_JOIN_LEAD_SECONDS.
 */
export function joinLeadMs(agentMinutes: number | null | undefined): number {
  return agentMinutes == null ? meetingJoinLeadSeconds() * 1000 : agentMinutes * 60_000;
}

/** When a meeting starting at `start` is launched: its lead before the start, or now when that has passed. */
export function launchTime(start: Date, agentMinutes: number | null | undefined, now: Date = new Date()): Date {
  return new Date(Math.max(now.getTime(), start.getTime() - joinLeadMs(agentMinutes)));
}
