import type { EventStream } from "../sse/event-stream.ts";
import { findOpenRoom } from "./get-room.ts";
import { listPresent, type RosterEntry } from "./participants.ts";
import { roomAgents } from "./room-agents.ts";
import { roomChat } from "./room-chat.ts";
import { roomTranscript } from "./room-transcript.ts";

const TRANSCRIPT_LOOKBACK_MS = 5_000;
/** How far behind the last chat line sent each refresh reads again (ids of all rooms share one sequence). */
const CHAT_LOOKBACK_IDS = 50n;

/**
 * What one participant's stream has sent of the room (roster, agents, transcript lines), so that a
 * refresh sends only what changed. A refresh answers false, after sending `closed`, once the
 * participant is no longer in an open room.
 */
export function roomView(roomId: string, participantId: string, viewerId: string | null) {
  let rosterJson = "";
  let agentsJson = "";
  let transcriptSince: Date | null = null;
  const sentLines = new Map<string, number>(); // id → written at (ms)
  let chatAfter: bigint | null = null;
  const sentChat = new Set<string>();

  // Chat lines come by id, read a little behind the last one sent: ids are handed out before commit,
  // so a line of a concurrent send can commit after a higher one. Lines already sent are skipped.
  async function sendChat(stream: EventStream) {
    const from = chatAfter === null ? null : chatAfter > CHAT_LOOKBACK_IDS ? chatAfter - CHAT_LOOKBACK_IDS : 0n;
    const lines = (await roomChat(roomId, from)).filter((l) => !sentChat.has(l.id));
    for (const l of lines) sentChat.add(l.id);
    if (lines.length > 0) stream.send("chat", lines);
    const last = lines.reduce((max, l) => (BigInt(l.id) > max ? BigInt(l.id) : max), chatAfter ?? 0n);
    chatAfter = last;
    for (const id of sentChat) if (BigInt(id) <= last - CHAT_LOOKBACK_IDS) sentChat.delete(id);
  }

  async function sendTranscript(stream: EventStream) {
    const since = transcriptSince ? new Date(transcriptSince.getTime() - TRANSCRIPT_LOOKBACK_MS) : null;
    const lines = (await roomTranscript(roomId, since)).filter((l) => !sentLines.has(l.id));
    if (lines.length > 0) {
      for (const l of lines) sentLines.set(l.id, Date.parse(l.at));
      const last = new Date(lines[lines.length - 1].at);
      if (!transcriptSince || last > transcriptSince) transcriptSince = last;
      stream.send("transcript", lines);
    } else if (!transcriptSince) {
      transcriptSince = new Date();
    }
    // Only lines inside the look-back window can come again; forget older ones.
    const forgetBefore = transcriptSince.getTime() - 2 * TRANSCRIPT_LOOKBACK_MS;
    for (const [id, at] of sentLines) if (at < forgetBefore) sentLines.delete(id);
  }

  return async function refresh(stream: EventStream): Promise<boolean> {
    if (!(await findOpenRoom(roomId))) {
      stream.send("closed", { reason: "room_closed" });
      stream.close();
      return false;
    }
    const roster: RosterEntry[] = await listPresent(roomId);
    if (!roster.some((p) => p.id === participantId)) {
      stream.send("closed", { reason: "left" });
      stream.close();
      return false;
    }
    const json = JSON.stringify(roster);
    if (json !== rosterJson) {
      rosterJson = json;
      stream.send("roster", roster);
    }
    const agents = await roomAgents(roomId, viewerId);
    const agentsNow = JSON.stringify(agents);
    if (agentsNow !== agentsJson) {
      agentsJson = agentsNow;
      stream.send("agents", agents);
    }
    await sendTranscript(stream);
    await sendChat(stream);
    return true;
  };
}
