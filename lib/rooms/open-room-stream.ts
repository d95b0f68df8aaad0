import { db } from "../db/client.ts";
import { findOpenRoom } from "./get-room.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { authenticateParticipant, listPresent, pruneStale, type RosterEntry } from "./participants.ts";
import { roomAgents } from "./room-agents.ts";
import { roomEvents, notifyRoom, type RoomWake } from "./room-events.ts";
import { roomTranscript } from "./room-transcript.ts";

// A participant's view of the room as Server-Sent Events. Events:
//   self       {id, name}                       once, first
//   roster     [{id, name}]                     whenever who is present changes
//   signal     {from, payload}   (with an id)   WebRTC signalling addressed to this participant
//   transcript [{id, speaker, isAgent, text, at}] new lines of the room's live transcript
//   agents     [RoomAgent]                      the agents sent into the room and what they are doing,
//                                               whenever that changes (lib/rooms/room-agents.ts)
//   closed     {reason: "left" | "room_closed"} the participant is no longer in the room; the stream ends
// The SSE id of signal events lets a reconnecting EventSource resume after the last signal it got.

const TRANSCRIPT_LOOKBACK_MS = 5_000;
const encoder = new TextEncoder();

export async function openRoomStream(opts: {
  roomId: string;
  participantId: string;
  key: string | null;
  lastEventId: string | null;
  /** The signed-in user watching, if any: the owner of an agent in the room sees more of it. */
  viewerId?: string | null;
  signal?: AbortSignal;
}): Promise<ReadableStream<Uint8Array>> {
  const { roomId } = opts;
  const me = await authenticateParticipant(roomId, opts.participantId, opts.key);
  await db.roomParticipant.update({ where: { id: me.id }, data: { lastSeenAt: new Date() } });

  // Signals the client confirms it has (Last-Event-ID on reconnect) are done with.
  let signalCursor = 0n;
  if (opts.lastEventId && /^\d{1,19}$/.test(opts.lastEventId)) {
    signalCursor = BigInt(opts.lastEventId);
    await db.roomSignal.deleteMany({ where: { toId: me.id, id: { lte: signalCursor } } });
  }

  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let rosterJson = "";
  let agentsJson = "";
  let transcriptSince: Date | null = null;
  const sentLines = new Map<string, number>(); // id → written at (ms)

  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      void close(false);
    }
  };
  const send = (event: string, data: unknown, id?: string) =>
    write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  // Work from wake-ups is serialised and coalesced: at most one refresh runs, one more is queued.
  let wantRoom = true;
  let wantSignals = true;
  let running: Promise<void> | null = null;
  const wake = (w: RoomWake) => {
    if (w.kind === "signal" && w.to !== me.id) return;
    if (w.kind !== "signal") wantRoom = true;
    wantSignals = true;
    if (!running) running = drain().finally(() => (running = null));
  };

  async function drain() {
    while (!closed && (wantRoom || wantSignals)) {
      const room = wantRoom;
      wantRoom = false;
      wantSignals = false;
      try {
        if (room && !(await refreshRoom())) return;
        await deliverSignals();
      } catch (err) {
        console.error("[rooms] event stream refresh failed:", err);
        await new Promise((r) => setTimeout(r, 500));
        wantRoom = true;
      }
    }
  }

  /** Roster and transcript; false once this participant is no longer in an open room. */
  async function refreshRoom(): Promise<boolean> {
    if (!(await findOpenRoom(roomId))) {
      send("closed", { reason: "room_closed" });
      await close(false);
      return false;
    }
    const roster: RosterEntry[] = await listPresent(roomId);
    if (!roster.some((p) => p.id === me.id)) {
      send("closed", { reason: "left" });
      await close(false);
      return false;
    }
    const json = JSON.stringify(roster);
    if (json !== rosterJson) {
      rosterJson = json;
      send("roster", roster);
    }
    const agents = JSON.stringify(await roomAgents(roomId, opts.viewerId ?? null));
    if (agents !== agentsJson) {
      agentsJson = agents;
      write(`event: agents\ndata: ${agents}\n\n`);
    }
    const since = transcriptSince ? new Date(transcriptSince.getTime() - TRANSCRIPT_LOOKBACK_MS) : null;
    const lines = (await roomTranscript(roomId, since)).filter((l) => !sentLines.has(l.id));
    if (lines.length > 0) {
      for (const l of lines) sentLines.set(l.id, Date.parse(l.at));
      const last = new Date(lines[lines.length - 1].at);
      if (!transcriptSince || last > transcriptSince) transcriptSince = last;
      send("transcript", lines);
    } else if (!transcriptSince) {
      transcriptSince = new Date();
    }
    // Only lines inside the look-back window can come again; forget older ones.
    const forgetBefore = transcriptSince.getTime() - 2 * TRANSCRIPT_LOOKBACK_MS;
    for (const [id, at] of sentLines) if (at < forgetBefore) sentLines.delete(id);
    return true;
  }

  async function deliverSignals() {
    for (;;) {
      const rows = await db.roomSignal.findMany({
        where: { toId: me.id, id: { gt: signalCursor } },
        orderBy: { id: "asc" },
        take: 100,
        select: { id: true, fromId: true, payload: true },
      });
      for (const row of rows) {
        signalCursor = row.id;
        send("signal", { from: row.fromId, payload: row.payload }, row.id.toString());
      }
      if (rows.length < 100) return;
    }
  }

  /** Present while the stream is open; also clears out others who vanished. */
  async function tick() {
    try {
      const { count } = await db.roomParticipant.updateMany({ where: { id: me.id }, data: { lastSeenAt: new Date() } });
      if (count === 0) {
        send("closed", { reason: "left" });
        await close(false);
        return;
      }
      await pruneStale(roomId);
      write(": ping\n\n");
      wake({ kind: "resync" });
    } catch (err) {
      console.error("[rooms] heartbeat failed:", err);
    }
  }

  async function close(clientGone: boolean) {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe?.();
    if (!clientGone) {
      try {
        controller.close();
      } catch {
        // already closed by the client
      }
      return;
    }
    // The connection dropped: an EventSource reconnects within seconds; if this participant does not,
    // they are gone (closed tab, lost network) and the room hears of it.
    try {
      const backdated = new Date(Date.now() - ROOM_LIMITS.staleMs + ROOM_LIMITS.reconnectGraceMs);
      await db.roomParticipant.updateMany({ where: { id: me.id, lastSeenAt: { gt: backdated } }, data: { lastSeenAt: backdated } });
      setTimeout(() => {
        db.roomParticipant
          .deleteMany({ where: { id: me.id, lastSeenAt: { lte: backdated } } })
          .then(({ count }) => (count > 0 ? notifyRoom(roomId) : undefined))
          .catch((err) => console.error("[rooms] removing a vanished participant failed:", err));
      }, ROOM_LIMITS.reconnectGraceMs + 250).unref();
    } catch (err) {
      console.error("[rooms] marking a closed stream failed:", err);
    }
  }

  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      unsubscribe = await roomEvents.subscribe(roomId, wake);
      write(`retry: 2000\n\n`);
      send("self", me);
      wake({ kind: "room" });
      heartbeat = setInterval(() => void tick(), ROOM_LIMITS.heartbeatMs);
    },
    cancel() {
      void close(true);
    },
  });
  opts.signal?.addEventListener("abort", () => void close(true), { once: true });
  return stream;
}
