import type { CalendarEventStatus, CalendarJoinRule, CalendarResponse } from "../generated/prisma/client.ts";
import { statusFor, type AccessRules } from "./event-status.ts";

// Which meetings the agent joins (issue 28, docs/calendars.md): a connected calendar's rule, the
// user's per-event switch over it, then the agent's access and confirmation rules as for every event.

export interface JoinRule {
  rule: CalendarJoinRule;
  keyword: string | null;
}

/** What a connected calendar says about its owner and an event: their answer and whether they organise it. */
export interface Attendance {
  response: CalendarResponse;
  organizer: boolean;
}

/**
 * Why the rule leaves an event out, or null when it lets it in: `not_organizer`, `declined`,
 * `not_accepted` (no answer yet, or tentative) or `keyword:<word>`. "Accepted" counts the events
 * the owner organises; a declined event is never in under it.
 */
export function ruleMiss(rule: JoinRule | undefined, event: { title: string; myResponse: CalendarResponse | null; organizedByMe: boolean | null }): string | null {
  switch (rule?.rule ?? "all") {
    case "all":
      return null;
    case "organized":
      return event.organizedByMe ? null : "not_organizer";
    case "accepted":
      if (event.myResponse === "declined") return "declined";
      return event.organizedByMe || event.myResponse === "accepted" ? null : "not_accepted";
    case "keyword": {
      const word = rule?.keyword?.trim() ?? "";
      return !word || event.title.toLocaleLowerCase().includes(word.toLocaleLowerCase()) ? null : `keyword:${word}`;
    }
  }
}

/**
 * An event's status after the rule and the switch: cancelled stays cancelled; switched off, or left
 * out by the rule without a switch, is skipped; a confirmed event stays confirmed; otherwise the
 * agent's access and confirmation rules decide (blocked, pending or confirmed).
 */
export function joinStatus(
  agent: AccessRules,
  event: { status: CalendarEventStatus | null; organizerEmail: string | null; joinOverride: boolean | null; joinRuleMiss: string | null },
): CalendarEventStatus {
  if (event.status === "cancelled") return "cancelled";
  if (event.joinOverride === false || (event.joinOverride === null && event.joinRuleMiss)) return "skipped";
  if (event.status === "confirmed") return "confirmed";
  return statusFor(agent, event.organizerEmail);
}

export type JoinReason = "cancelled" | "switched_off" | "not_organizer" | "declined" | "not_accepted" | "keyword" | "access_control" | "needs_confirmation" | "meeting_cancelled";

const REASON_TEXT: Record<Exclude<JoinReason, "keyword">, string> = {
  cancelled: "the event was cancelled",
  switched_off: "switched off for this event",
  not_organizer: "not organised by you",
  declined: "you declined",
  not_accepted: "you haven't accepted",
  access_control: "organiser not allowed (access control)",
  needs_confirmation: "waiting for your confirmation",
  meeting_cancelled: "its meeting was cancelled",
};

/**
 * "Cohost will join" or "Cohost won't join: <why>" for an event (the API's `join`; the pages say it
 * in the user's language from `reason` and `keyword`).
 */
export function joinVerdict(e: { status: CalendarEventStatus; joinOverride: boolean | null; joinRuleMiss: string | null; meetingStatus: string | null }) {
  let reason: JoinReason | null = null;
  let keyword: string | null = null;
  if (e.status === "cancelled") reason = "cancelled";
  else if (e.status === "skipped") {
    const miss = e.joinRuleMiss ?? "";
    if (e.joinOverride === false || !miss) reason = "switched_off";
    else if (miss.startsWith("keyword:")) [reason, keyword] = ["keyword", miss.slice("keyword:".length)];
    else reason = miss as JoinReason;
  } else if (e.status === "blocked") reason = "access_control";
  else if (e.status === "pending") reason = "needs_confirmation";
  else if (e.meetingStatus === "cancelled") reason = "meeting_cancelled";
  const why = reason === "keyword" ? `title doesn't contain "${keyword}"` : reason && REASON_TEXT[reason];
  return { willJoin: reason === null, reason, keyword, text: why ? `Cohost won't join: ${why}` : "Cohost will join" };
}
