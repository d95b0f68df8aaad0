import { db } from "../db/client.ts";
import { sweepLostMeetings } from "./sweep-lost-meetings.ts";
import { microsToUsd } from "../billing/money.ts";
import { AppError } from "../errors/app-error.ts";
import { expectedSummary, serializeNote, serializeSummary } from "./serialize-summary.ts";
import { serializeMeeting, WITH_AGENT_NAME } from "./serialize.ts";

/** Transcript segments returned with the details (the newest; a long meeting pages the rest later). */
const TRANSCRIPT_LIMIT = 2000;

/**
 * GET /api/meetings/{id}/details: the meeting with its timeline, participants, transcript, what it has
 * cost (billed minutes from the ledger), the agent's provider usage, per-reply latency, the notes the
 * agent took and the summary written after it.
 */
export async function getMeetingDetails(userId: string, id: string) {
  await sweepLostMeetings({ userId });
  const meeting = await db.meeting.findFirst({ where: { id, userId }, include: { ...WITH_AGENT_NAME, agent: { select: { name: true, status: true, manualActivation: true, transcript: true, summaries: true } } } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const [events, participants, segments, usage, providerUsage, turns, notes, summary] = await Promise.all([
    db.meetingEvent.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingParticipant.findMany({ where: { meetingId: id }, orderBy: [{ joinedAt: "asc" }, { id: "asc" }] }),
    db.transcriptSegment.findMany({ where: { meetingId: id }, orderBy: [{ startMs: "desc" }, { id: "desc" }], take: TRANSCRIPT_LIMIT }),
    db.ledgerEntry.aggregate({ where: { userId, meetingId: id, type: "usage" }, _sum: { amountMicros: true, quantity: true } }),
    db.meetingProviderUsage.findMany({ where: { meetingId: id }, orderBy: [{ kind: "asc" }, { providerId: "asc" }] }),
    db.meetingTurn.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingNote.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingSummary.findUnique({ where: { meetingId: id } }),
  ]);
  const costMicros = -(usage._sum.amountMicros ?? 0n);
  return {
    ...serializeMeeting(meeting, costMicros),
    manualActivation: meeting.agent?.manualActivation ?? false,
    events: events.map((e) => ({ id: e.id, fromStatus: e.fromStatus, toStatus: e.toStatus, reason: e.reason, data: e.data, createdAt: e.createdAt })),
    participants: participants.map((p) => ({ id: p.id, name: p.name, isAgent: p.isAgent, joinedAt: p.joinedAt, leftAt: p.leftAt })),
    transcript: segments.reverse().map((s) => ({
      id: s.id,
      speaker: s.speaker,
      isAgent: s.isAgent,
      text: s.text,
      startMs: s.startMs,
      endMs: s.endMs,
      interrupted: s.interrupted,
      tool: s.tool as { name: string; server: string | null; arguments: string; durationMs: number; ok: boolean; error: string | null } | null,
    })),
    usage: {
      billedMinutes: usage._sum.quantity ?? 0,
      costUsd: microsToUsd(costMicros),
      providers: providerUsage.map((u) => ({
        kind: u.kind,
        providerId: u.providerId,
        model: u.model,
        audioSeconds: Math.round(u.audioMs / 100) / 10,
        inputTokens: u.inputTokens,
        outputTokens: u.outputTokens,
        characters: u.characters,
      })),
    },
    turns: turns.map((t) => ({
      turnId: t.turnId,
      transcriptMs: t.transcriptMs,
      llmFirstTokenMs: t.llmFirstTokenMs,
      ttsFirstAudioMs: t.ttsFirstAudioMs,
      voiceToVoiceMs: t.voiceToVoiceMs,
      interrupted: t.interrupted,
      toolCalls: t.toolCalls,
      toolMs: t.toolMs,
      createdAt: t.createdAt,
    })),
    notes: notes.map(serializeNote),
    summary: serializeSummary(summary) ?? expectedSummary(meeting, segments.length > 0),
  };
}
