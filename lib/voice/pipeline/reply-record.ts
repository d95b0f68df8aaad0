import type { TurnMetrics } from "../../meetings/run-output.ts";
import type { SessionEvent } from "../types.ts";
import type { MeetingHistory } from "./context.ts";
import type { Playout } from "./playout.ts";
import type { Reply } from "./reply.ts";
import type { UserTurn } from "./turn-detector.ts";

/** A reply that has ended, and the person's turn it answered (none for `say`). */
export interface EndedReply {
  reply: Reply;
  playout: Playout;
  turn: UserTurn | null;
  turnId: number;
}

export type ReplyEnd = "played" | "interrupted" | "failed";

/**
 * What an ended reply leaves behind (docs/voice.md, "Barge-in", "Usage and metrics"): its completed
 * tool rounds and the words the meeting heard go into the agent's memory; those words are the
 * agent's transcript line (marked interrupted when it was cut short); an answer reports its metrics.
 */
export function recordReply(ended: EndedReply, end: ReplyEnd, atMs: number, to: { agentName: string; history: MeetingHistory; emit: (event: SessionEvent) => void }): void {
  const { reply, playout, turn } = ended;
  if (turn?.chat) return recordChatReply(ended, end, atMs, to);
  const heard = playout.heard(reply.sentences, end === "played" ? Infinity : atMs);
  const cutShort = end !== "played" && (!reply.complete || heard !== reply.sentences.join(" "));
  // Tool rounds that completed are part of what happened, heard or not (a note was written).
  for (const tools of reply.exchanges) to.history.push({ speaker: to.agentName, isAgent: true, text: "", tools });
  if (heard) {
    to.history.push({ speaker: to.agentName, isAgent: true, text: heard });
    const segment = { speaker: to.agentName, speakerId: null, isAgent: true, text: heard, startMs: playout.startedAt ?? atMs, endMs: atMs };
    to.emit({ type: "transcript", segment: cutShort ? { ...segment, interrupted: true } : segment });
  }
  if (turn) to.emit({ type: "metrics", metrics: turnMetrics(ended.turnId, turn, reply, end === "interrupted") });
}

/**
 * An answer to a chat question: written in full, it is posted in the chat and is the agent's chat
 * line in the transcript (once, even when it was spoken aloud too); cut short, nothing is posted.
 */
function recordChatReply(ended: EndedReply, end: ReplyEnd, atMs: number, to: { agentName: string; history: MeetingHistory; emit: (event: SessionEvent) => void }): void {
  const { reply, turn } = ended;
  for (const tools of reply.exchanges) to.history.push({ speaker: to.agentName, isAgent: true, text: "", tools });
  const text = reply.sentences.join(" ").trim();
  if (end === "played" && text) {
    to.history.push({ speaker: to.agentName, isAgent: true, text });
    to.emit({ type: "chat_reply", text });
    to.emit({ type: "transcript", segment: { speaker: to.agentName, speakerId: null, isAgent: true, text, startMs: atMs, endMs: atMs, chat: true } });
  }
  if (turn) to.emit({ type: "metrics", metrics: turnMetrics(ended.turnId, turn, reply, end === "interrupted") });
}

/** The latency of one answer, all on the session clock. */
export function turnMetrics(
  turnId: number,
  turn: UserTurn,
  reply: Pick<Reply, "llmFirstTokenMs" | "ttsFirstAudioMs" | "firstAudioAt" | "toolCalls" | "toolMs">,
  interrupted: boolean,
): TurnMetrics {
  return {
    turnId,
    transcriptMs: Math.max(0, turn.finalAt - turn.endedAt),
    llmFirstTokenMs: reply.llmFirstTokenMs,
    ttsFirstAudioMs: reply.ttsFirstAudioMs,
    voiceToVoiceMs: reply.firstAudioAt === null ? null : reply.firstAudioAt - turn.endMs,
    speechEndAt: turn.endMs,
    firstAudioAt: reply.firstAudioAt,
    interrupted,
    toolCalls: reply.toolCalls,
    toolMs: reply.toolMs,
  };
}
