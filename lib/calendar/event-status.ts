import type { CalendarEventStatus } from "../generated/prisma/client.ts";

export interface AccessRules {
  accessControlEnabled: boolean;
  whitelistedEmails: string[];
  requireConfirmation: boolean;
}

/**
 * What an invitation becomes for an agent: blocked when access control is on and the organiser is
 * not whitelisted (an event without an organiser is not from a whitelisted one), pending when the
 * agent requires confirmation, else confirmed (its meeting is scheduled).
 */
export function statusFor(agent: AccessRules, organizerEmail: string | null): CalendarEventStatus {
  if (agent.accessControlEnabled) {
    const organizer = organizerEmail?.toLowerCase();
    if (!organizer || !agent.whitelistedEmails.some((e) => e.toLowerCase() === organizer)) return "blocked";
  }
  return agent.requireConfirmation ? "pending" : "confirmed";
}
