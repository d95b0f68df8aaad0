import { db } from "../db/client.ts";
import { roomUrl } from "./ids.ts";
import { ROOM_LIMITS } from "./limits.ts";

export interface RoomTranscriptLine {
  id: string;
  speaker: string;
  isAgent: boolean;
  text: string;
  /** Typed in the room's chat (the agent keeps chat lines in its transcript too). */
  chat: boolean;
  /** When the segment was written (ISO); segments of several meetings in one room interleave by it. */
  at: string;
  /** A tool call of the agent, not speech: shown apart from what it said (issue 31). */
  tool?: RoomToolCall | null;
}

export interface RoomToolCall {
  name: string;
  ok: boolean;
  durationMs: number;
}

/** The line with its tool call, when it is one (`tool` as saveToolCall writes it). */
function lineWithTool(row: Row & { tool: unknown }): RoomTranscriptLine {
  const tool = row.tool as { name?: unknown; ok?: unknown; durationMs?: unknown } | null;
  const call = tool && typeof tool.name === "string" ? { name: tool.name, ok: tool.ok === true, durationMs: Number(tool.durationMs) || 0 } : null;
  return { ...line(row), tool: call };
}

type Row = { id: string; speaker: string; isAgent: boolean; text: string; chat: boolean; createdAt: Date };

function line(row: Row): RoomTranscriptLine {
  return { id: row.id, speaker: row.speaker, isAgent: row.isAgent, text: row.text, chat: row.chat, at: row.createdAt.toISOString() };
}

/**
 * Transcript segments of the meetings held in this room (meetings whose link is the room's), in the
 * order they were written: the latest backlog when `since` is null, else everything written at or
 * after `since` (the caller drops lines it has already sent: rows of concurrent transactions can
 * commit out of timestamp order, so it re-reads a few seconds back).
 */
export async function roomTranscript(roomId: string, since: Date | null): Promise<RoomTranscriptLine[]> {
  const where = { meeting: { meetingUrl: roomUrl(roomId), platform: "room" as const }, ...(since ? { createdAt: { gte: since } } : {}) };
  const select = { id: true, speaker: true, isAgent: true, text: true, chat: true, createdAt: true };
  if (since) {
    const rows = await db.transcriptSegment.findMany({ where, select: { ...select, tool: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500 });
    return rows.map(lineWithTool);
  }
  const rows = await db.transcriptSegment.findMany({ where, select: { ...select, tool: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: ROOM_LIMITS.transcriptBacklog });
  return rows.reverse().map(lineWithTool);
}
