import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import type { Meeting, MeetingNote, MeetingSummary } from "../generated/prisma/client.ts";

/** A job that has not moved for this long died with its worker: the page offers "Try again". */
export const STALE_SUMMARY_MS = 20 * 60_000;

const summaryState = z.enum(["pending", "running", "done", "failed", "empty"]);
export type SummaryState = z.output<typeof summaryState>;

const actionItem = z.object({ text: z.string(), owner: z.string().nullable(), due: z.string().nullable().meta({ description: "YYYY-MM-DD" }) });

export const meetingSummaryResponse = z
  .object({
    status: summaryState,
    summary: z.string(),
    decisions: z.array(z.string()),
    actionItems: z.array(actionItem),
    error: z.string().nullable(),
    model: z.string().nullable(),
    emailed: z.boolean(),
    updatedAt: time,
  })
  .meta({ id: "MeetingSummary", description: "Written after the meeting with the agent's own model (docs/tools.md)" });

/** A note or action item the agent took in the meeting. */
export const noteResponse = z.object({
  id: z.string(),
  kind: z.enum(["note", "action_item"]),
  text: z.string(),
  owner: z.string().nullable(),
  due: z.string().nullable(),
  askedBy: z.string().nullable(),
  createdAt: time,
});

/** The API shape of a meeting's summary (null when none was asked for). */
export function serializeSummary(s: MeetingSummary | null, now = Date.now()) {
  if (!s) return null;
  const stale = (s.status === "pending" || s.status === "running") && now - s.updatedAt.getTime() > STALE_SUMMARY_MS;
  return {
    status: (stale ? "failed" : s.status) as SummaryState,
    summary: s.summary,
    decisions: s.decisions,
    actionItems: s.actionItems as z.output<typeof actionItem>[],
    error: stale ? "Writing the summary did not finish." : s.error,
    model: s.model,
    emailed: s.emailedAt !== null,
    updatedAt: s.updatedAt,
  } satisfies Sent<typeof meetingSummaryResponse>;
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
  return { status: "pending" as SummaryState, summary: "", decisions: [], actionItems: [], error: null, model: null, emailed: false, updatedAt: meeting.endedAt! } satisfies Sent<typeof meetingSummaryResponse>;
}

export function serializeNote(n: MeetingNote) {
  return { id: n.id, kind: n.kind, text: n.text, owner: n.owner, due: n.due, askedBy: n.askedBy, createdAt: n.createdAt } satisfies Sent<typeof noteResponse>;
}
