import { agentProviderConfig, AgentConfigError } from "../voice/agent-voice-config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { sendMail } from "../mail/send.ts";
import { summaryMail } from "../mail/templates.ts";
import { addProviderUsage } from "../meetings/bot-runs.ts";
import { englishMeetingTitle } from "../meetings/english-meeting-title.ts";
import { localTime } from "../tools/builtin/local-time.ts";
import { createLlm } from "../voice/providers/create-providers.ts";
import type { AdapterOptions } from "../voice/providers/options.ts";
import { ProviderError } from "../voice/types.ts";
import type { Minutes } from "./minutes.ts";
import { MinutesFormatError, writeMinutes } from "./write-minutes.ts";
import { transcriptLines } from "./transcript-lines.ts";

/** A whole summary (every part and the combination) may take this long. */
const SUMMARY_LIMIT_MS = 10 * 60_000;

/**
 * The job behind a meeting's summary (docs/tools.md): reads the transcript and the notes, writes the
 * minutes with the agent's own AI provider and key, stores them, adds the tokens to the meeting's
 * provider usage and mails them to the owner. A meeting with nothing said or noted is `empty`
 * without a model call. Any failure marks the summary failed with a reason the page shows (and a
 * "Try again"); the meeting itself is never touched. `options` is for tests (adapter retries).
 */
export async function summariseMeeting(meetingId: string, options: Partial<AdapterOptions> = {}): Promise<void> {
  // A retried job whose summary was written but whose e-mail failed only sends the e-mail.
  const existing = await db.meetingSummary.findUnique({ where: { meetingId }, select: { status: true, emailedAt: true } });
  if (existing?.status === "done" && !existing.emailedAt) return mailSummary(meetingId);
  // One job per summary at a time: requestSummary sends a job only when none is pending or running.
  const claimed = await db.meetingSummary.updateMany({ where: { meetingId, status: { in: ["pending", "running"] } }, data: { status: "running", attempts: { increment: 1 }, error: null } });
  if (claimed.count === 0) return;
  const meeting = await db.meeting.findUnique({ where: { id: meetingId }, include: { agent: true } });
  if (!meeting) return;
  const fail = (error: string) => db.meetingSummary.update({ where: { meetingId }, data: { status: "failed", error } });
  const agent = meeting.agent;
  if (!agent) return void (await fail("The agent was deleted, so there is no AI provider to write the summary with."));

  const [segments, notes] = await Promise.all([
    db.transcriptSegment.findMany({ where: { meetingId }, orderBy: [{ startMs: "asc" }, { id: "asc" }] }),
    db.meetingNote.findMany({ where: { meetingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const transcript = transcriptLines(segments);
  if (transcript.length === 0 && notes.length === 0) {
    await db.meetingSummary.update({ where: { meetingId }, data: { status: "empty" } });
    return;
  }

  let llm;
  try {
    llm = createLlm(agentProviderConfig(agent, "ai"), options);
  } catch (err) {
    return void (await fail(err instanceof AgentConfigError ? "The agent has no AI key, so the summary could not be written." : `The AI provider cannot be used: ${(err as Error).message}`));
  }
  const when = localTime(meeting.startedAt ?? meeting.scheduledStart, agent.timeZone);
  const signal = AbortSignal.timeout(SUMMARY_LIMIT_MS);
  let written;
  try {
    written = await writeMinutes(
      llm,
      {
        title: englishMeetingTitle({ ...meeting, agentName: agent.name }),
        date: when.date,
        timeZone: agent.timeZone,
        language: agent.language,
        transcript,
        notes: notes.map((n) => (n.kind === "note" ? `Note: ${n.text}` : `Action item: ${n.text}${n.owner ? ` (owner: ${n.owner})` : ""}${n.due ? ` (due ${n.due})` : ""}`)),
      },
      signal,
    );
  } catch (err) {
    const reason =
      err instanceof ProviderError || err instanceof MinutesFormatError
        ? err.message
        : signal.aborted
          ? "Writing the summary took too long."
          : `Something went wrong: ${(err as Error)?.message ?? err}`;
    return void (await fail(reason));
  }
  const { minutes } = written;
  await db.meetingSummary.update({
    where: { meetingId },
    data: { status: "done", summary: minutes.summary, decisions: minutes.decisions, actionItems: minutes.actionItems as Prisma.InputJsonArray, providerId: llm.providerId, model: llm.model, error: null },
  });
  await addProviderUsage(meetingId, { kind: "ai", providerId: llm.providerId, model: llm.model, inputTokens: written.inputTokens, outputTokens: written.outputTokens });
  // A mail server that is down fails the job; pg-boss runs it again, and then only the e-mail goes.
  await mailSummary(meetingId);
}

/** The written summary to the meeting's owner, once. */
async function mailSummary(meetingId: string): Promise<void> {
  const summary = await db.meetingSummary.findUniqueOrThrow({ where: { meetingId }, include: { meeting: { include: { agent: true, user: { select: { email: true } } } } } });
  const { meeting } = summary;
  const notes = await db.meetingNote.findMany({ where: { meetingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const recorded = (await db.recording.count({ where: { meetingId, status: { in: ["recording", "ready"] } } })) > 0;
  const when = localTime(meeting.startedAt ?? meeting.scheduledStart, meeting.agent?.timeZone ?? "UTC");
  const minutes = { summary: summary.summary, decisions: summary.decisions, actionItems: summary.actionItems as Minutes["actionItems"] };
  await sendMail(summaryMail(meeting.user.email, { id: meeting.id, agentId: meeting.agentId, title: englishMeetingTitle({ ...meeting, agentName: meeting.agent?.name }), date: when.date, agentName: meeting.agent?.name ?? "Cohost", ...minutes, notes, recorded }));
  await db.meetingSummary.update({ where: { meetingId }, data: { emailedAt: new Date() } });
}
