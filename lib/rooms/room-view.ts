import type { EventStream } from "../sse/event-stream.ts";
import { findOpenRoom } from "./get-room.ts";
import { listPresent, type RosterEntry } from "./participants.ts";
import { roomAgents } from "./room-agents.ts";
import { roomTranscript } from "./room-transcript.ts";

const TRANSCRIPT_LOOKBACK_MS = 5_000;

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
    return true;
  };
}
