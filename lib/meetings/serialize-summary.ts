import type { Meeting, MeetingNote, MeetingSummary } from "../generated/prisma/client.ts";

/** A job that has not moved for this long died with its worker: the page offers "Try again". */
export const STALE_SUMMARY_MS = 20 * 60_000;

export type SummaryState = "pending" | "running" | "done" | "failed" | "empty";

/** The API shape of a meeting's summary (null when none was asked for). */
export function serializeSummary(s: MeetingSummary | null, now = Date.now()) {
  if (!s) return null;
  const stale = (s.status === "pending" || s.status === "running") && now - s.updatedAt.getTime() > STALE_SUMMARY_MS;
  return {
    status: (stale ? "failed" : s.status) as SummaryState,
    summary: s.summary,
    decisions: s.decisions,
    actionItems: s.actionItems as { text: string; owner: string | null; due: string | null }[],
    error: stale ? "Writing the summary did not finish." : s.error,
    model: s.model,
    emailed: s.emailedAt !== null,
    updatedAt: s.updatedAt,
  };
}

/** How long after a meeting completed its bot may still be finishing before it asks for the summary. */
const SUMMARY_REQUEST_GRACE_MS = 2 * 60_000;

/**
 * A completed meeting whose summary the bot will ask for once it has saved the last words: shown
 * as pending (so the page keeps following it) for a short while after the end; null otherwise.
 */
export function expectedSummary(meeting: Pick<Meeting, "status" | "endedAt"> & { agent: { transcript: boolean; summaries: boolean } | null }, hasTranscript: boolean, now = Date.now()) {
  const soon = meeting.status === "completed" && meeting.endedAt !== null && now - meeting.endedAt.getTime() < SUMMARY_REQUEST_GRACE_MS;
  if (!soon || !hasTranscript || !meeting.agent?.transcript || !meeting.agent.summaries) return null;
  return { status: "pending" as SummaryState, summary: "", decisions: [], actionItems: [], error: null, model: null, emailed: false, updatedAt: meeting.endedAt! };
}

export function serializeNote(n: MeetingNote) {
  return { id: n.id, kind: n.kind, text: n.text, owner: n.owner, due: n.due, askedBy: n.askedBy, createdAt: n.createdAt };
}
