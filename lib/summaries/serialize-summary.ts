import type { MeetingNote, MeetingSummary } from "../generated/prisma/client.ts";

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

export function serializeNote(n: MeetingNote) {
  return { id: n.id, kind: n.kind, text: n.text, owner: n.owner, due: n.due, askedBy: n.askedBy, createdAt: n.createdAt };
}
