import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { sweepLostMeetings } from "./sweep-lost-meetings.ts";
import { dollars, microsToUsd } from "../billing/money.ts";
import { AppError } from "../errors/app-error.ts";
import { providerKind } from "../providers/queries.ts";
import { expectedSummary, meetingSummaryResponse, noteResponse, serializeNote, serializeSummary } from "./serialize-summary.ts";
import { meetingResponse, meetingStatusField, serializeMeeting, WITH_AGENT_NAME } from "./serialize.ts";
import { recordingResponse, serializeRecording } from "./serialize-recording.ts";

const toolCall = z.object({ name: z.string(), server: z.string().nullable(), arguments: z.string(), durationMs: z.int(), ok: z.boolean(), error: z.string().nullable() });

const transcriptSegmentResponse = z
  .object({
    id: z.string(),
    speaker: z.string(),
    isAgent: z.boolean(),
    text: z.string(),
    startMs: z.int(),
    endMs: z.int(),
    interrupted: z.boolean(),
    chat: z.boolean().meta({ description: "Typed in the meeting's chat (by a person or the agent), not spoken" }),
    tool: toolCall.nullable().meta({ description: "A tool call of the agent (then `text` says it in short)" }),
  })
  .meta({ id: "TranscriptSegment" });

const providerUsageResponse = z.object({
  kind: providerKind,
  providerId: z.string(),
  model: z.string(),
  audioSeconds: z.number(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  characters: z.int(),
});
const meetingUsageResponse = z.object({ billedMinutes: z.int(), costUsd: dollars, providers: z.array(providerUsageResponse) }).meta({ id: "MeetingUsage" });

const turnResponse = z.object({
  turnId: z.int(),
  transcriptMs: z.int().nullable(),
  llmFirstTokenMs: z.int().nullable(),
  ttsFirstAudioMs: z.int().nullable(),
  voiceToVoiceMs: z.int().nullable(),
  interrupted: z.boolean(),
  toolCalls: z.int(),
  toolMs: z.int().nullable(),
  createdAt: time,
});

export const meetingDetailsResponse = z
  .object({
    ...meetingResponse.shape,
    manualActivation: z.boolean(),
    events: z.array(z.object({ id: z.string(), fromStatus: meetingStatusField.nullable(), toStatus: meetingStatusField, reason: z.string().nullable(), data: z.unknown(), createdAt: time })),
    participants: z.array(
      z.object({
        id: z.string(), name: z.string(), isAgent: z.boolean(), joinedAt: time, leftAt: time.nullable(),
        isOwner: z.boolean().meta({ description: "Confirmed by the owner as themselves (\"That's me\"; Meet, Teams, Zoom)" }),
      }),
    ),
    transcript: z.array(transcriptSegmentResponse),
    usage: meetingUsageResponse,
    turns: z.array(turnResponse),
    notes: z.array(noteResponse),
    summary: meetingSummaryResponse.nullable(),
    recording: recordingResponse.nullable().meta({ description: "The meeting's audio, when its agent records (docs/recordings.md)" }),
  })
  .meta({ id: "MeetingDetails" });

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
  const [events, participants, segments, usage, providerUsage, turns, notes, summary, recording] = await Promise.all([
    db.meetingEvent.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingParticipant.findMany({ where: { meetingId: id }, orderBy: [{ joinedAt: "asc" }, { id: "asc" }] }),
    db.transcriptSegment.findMany({ where: { meetingId: id }, orderBy: [{ startMs: "desc" }, { id: "desc" }], take: TRANSCRIPT_LIMIT }),
    db.ledgerEntry.aggregate({ where: { userId, meetingId: id, type: "usage" }, _sum: { amountMicros: true, quantity: true } }),
    db.meetingProviderUsage.findMany({ where: { meetingId: id }, orderBy: [{ kind: "asc" }, { providerId: "asc" }] }),
    db.meetingTurn.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingNote.findMany({ where: { meetingId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.meetingSummary.findUnique({ where: { meetingId: id } }),
    db.recording.findUnique({ where: { meetingId: id }, include: { user: { select: { recordingRetentionDays: true } } } }),
  ]);
  const costMicros = -(usage._sum.amountMicros ?? 0n);
  return {
    ...serializeMeeting(meeting, costMicros),
    manualActivation: meeting.agent?.manualActivation ?? false,
    events: events.map((e) => ({ id: e.id, fromStatus: e.fromStatus, toStatus: e.toStatus, reason: e.reason, data: e.data, createdAt: e.createdAt })),
    participants: participants.map((p) => ({ id: p.id, name: p.name, isAgent: p.isAgent, joinedAt: p.joinedAt, leftAt: p.leftAt, isOwner: meeting.ownerParticipantId !== null && p.externalId === meeting.ownerParticipantId })),
    transcript: segments.reverse().map((s) => ({
      id: s.id,
      speaker: s.speaker,
      isAgent: s.isAgent,
      text: s.text,
      startMs: s.startMs,
      endMs: s.endMs,
      interrupted: s.interrupted,
      chat: s.chat,
      tool: s.tool as z.output<typeof toolCall> | null,
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
      }) satisfies Sent<typeof providerUsageResponse>),
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
    }) satisfies Sent<typeof turnResponse>),
    notes: notes.map(serializeNote),
    summary: serializeSummary(summary) ?? expectedSummary(meeting, segments.length > 0),
    recording: recording ? await serializeRecording(recording, recording.user.recordingRetentionDays) : null,
  } satisfies Sent<typeof meetingDetailsResponse>;
}
