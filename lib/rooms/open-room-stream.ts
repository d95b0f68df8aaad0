import { db } from "../db/client.ts";
import { errorText, log } from "../log.ts";
import { coalescedDrain } from "../sse/coalesced-drain.ts";
import { openEventStream, type EventStream } from "../sse/event-stream.ts";
import { lastEventId } from "../sse/last-event-id.ts";
import { ROOM_LIMITS } from "./limits.ts";
import { authenticateParticipant, isParticipantOfClosedRoom, pruneStale } from "./participants.ts";
import { roomEvents, notifyRoom, type RoomWake } from "./room-events.ts";
import { roomView } from "./room-view.ts";

// A participant's view of the room as Server-Sent Events (lib/sse). Events:
//   self       {id, name}                       once, first
//   roster     [{id, name}]                     whenever who is present changes
//   signal     {from, payload}   (with an id)   WebRTC signalling addressed to this participant
//   transcript [{id, speaker, isAgent, text, at}] new lines of the room's live transcript
//   chat       [{id, fromId, name, text, at}]   new lines of the room's chat (fromId: the sender's participant id)
//   agents     [RoomAgent]                      the agents sent into the room and what they are doing,
//                                               whenever that changes (lib/rooms/room-agents.ts)
//   closed     {reason: "left" | "room_closed"} the participant is no longer in the room; the stream ends
// The SSE id of signal events lets a reconnecting EventSource resume after the last signal it got.

interface Who {
  roomId: string;
  participantId: string;
  userId?: string;
}

/** Sends the signals addressed to the participant after `cursor`, moving it past each one sent. */
async function deliverSignals(stream: EventStream, toId: string, cursor: { at: bigint }): Promise<void> {
  for (;;) {
    const rows = await db.roomSignal.findMany({
      where: { toId, id: { gt: cursor.at } },
      orderBy: { id: "asc" },
      take: 100,
      select: { id: true, fromId: true, payload: true },
    });
    for (const row of rows) {
      cursor.at = row.id;
      stream.send("signal", { from: row.fromId, payload: row.payload }, row.id.toString());
    }
    if (rows.length < 100) return;
  }
}

/**
 * The connection dropped: an EventSource reconnects within seconds; if this participant does not,
 * they are gone (closed tab, lost network) and the room hears of it.
 */
async function markVanishing(who: Who): Promise<void> {
  const id = who.participantId;
  try {
    const backdated = new Date(Date.now() - ROOM_LIMITS.staleMs + ROOM_LIMITS.reconnectGraceMs);
    await db.roomParticipant.updateMany({ where: { id, lastSeenAt: { gt: backdated } }, data: { lastSeenAt: backdated } });
    setTimeout(() => {
      db.roomParticipant
        .deleteMany({ where: { id, lastSeenAt: { lte: backdated } } })
        .then(({ count }) => (count > 0 ? notifyRoom(who.roomId) : undefined))
        .catch((err) => log({ event: "room_participant_removal_failed", level: "error", ...who, error: errorText(err) }));
    }, ROOM_LIMITS.reconnectGraceMs + 250).unref();
  } catch (err) {
    log({ event: "room_stream_close_failed", level: "error", ...who, error: errorText(err) });
  }
}

function closedRoomStream(): ReadableStream<Uint8Array> {
  return openEventStream({
    heartbeatMs: ROOM_LIMITS.heartbeatMs,
    async start(stream) {
      stream.send("closed", { reason: "room_closed" });
      stream.close();
    },
  });
}

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
  const found = await authenticateParticipant(roomId, opts.participantId, opts.key).catch(async (err: unknown) => {
    if (await isParticipantOfClosedRoom(roomId, opts.participantId, opts.key)) return null;
    throw err;
  });
  // The room closed before this stream opened (or while it was reconnecting): say so, as an open one would.
  if (!found) return closedRoomStream();
  const me = found;
  await db.roomParticipant.update({ where: { id: me.id }, data: { lastSeenAt: new Date() } });
  const who: Who = { roomId, participantId: me.id, ...(opts.viewerId ? { userId: opts.viewerId } : {}) };

  // Signals the client confirms it has (Last-Event-ID on reconnect) are done with.
  const resumeAfter = lastEventId(opts.lastEventId, 19);
  const signalCursor = { at: resumeAfter !== null ? BigInt(resumeAfter) : 0n };
  if (resumeAfter !== null) await db.roomSignal.deleteMany({ where: { toId: me.id, id: { lte: signalCursor.at } } });

  const refreshRoom = roomView(roomId, me.id, opts.viewerId ?? null);
  // What the next drain does: the room (roster, agents, transcript) only when something but a signal woke it.
  let wantRoom = true;
  let wake = () => {};

  /** Present while the stream is open; also clears out others who vanished. */
  async function tick(stream: EventStream) {
    try {
      const { count } = await db.roomParticipant.updateMany({ where: { id: me.id }, data: { lastSeenAt: new Date() } });
      if (count === 0) {
        stream.send("closed", { reason: "left" });
        stream.close();
        return;
      }
      await pruneStale(roomId);
      stream.comment("ping");
      wantRoom = true;
      wake();
    } catch (err) {
      log({ event: "room_heartbeat_failed", level: "error", ...who, error: errorText(err) });
    }
  }

  return openEventStream({
    heartbeatMs: ROOM_LIMITS.heartbeatMs,
    signal: opts.signal,
    heartbeat: (stream) => void tick(stream),
    onClose: (clientGone) => {
      if (clientGone) void markVanishing(who);
    },
    async start(stream) {
      wake = coalescedDrain(
        async () => {
          const room = wantRoom;
          wantRoom = false;
          if (room && !(await refreshRoom(stream))) return;
          await deliverSignals(stream, me.id, signalCursor);
        },
        {
          closed: () => stream.closed,
          failed: (err) => {
            log({ event: "room_stream_refresh_failed", level: "error", ...who, error: errorText(err) });
            wantRoom = true;
          },
        },
      );
      const unsubscribe = await roomEvents.subscribe(roomId, (w: RoomWake) => {
        if (w.kind === "signal" && w.to !== me.id) return;
        if (w.kind !== "signal") wantRoom = true;
        wake();
      });
      stream.send("self", me);
      wake();
      return unsubscribe;
    },
  });
}
