import { db } from "../db/client.ts";
import { listenHub } from "../db/listen-hub.ts";

// Room events across processes: every write that others must see (join, leave, a signal, a
// transcript segment via the trigger in the rooms migration) sends a NOTIFY on one channel; each web
// process keeps one LISTEN connection (lib/db/listen-hub.ts) and wakes the event streams of that
// room. The payload is `<roomId>` (roster or transcript changed: everyone refreshes) or
// `<roomId>:signal:<participantId>` (only that participant has new signals).
const CHANNEL = "cohost_rooms";

export type RoomWake = { kind: "room" } | { kind: "signal"; to: string } | { kind: "resync" };
type Listener = (wake: RoomWake) => void;

export async function notifyRoom(roomId: string, signalTo?: string): Promise<void> {
  const payload = signalTo ? `${roomId}:signal:${signalTo}` : roomId;
  await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`;
}

function parse(payload: string): { roomId: string; wake: RoomWake } {
  const [roomId, kind, to] = payload.split(":");
  return { roomId, wake: kind === "signal" && to ? { kind: "signal", to } : { kind: "room" } };
}

const hub = listenHub(CHANNEL, "rooms");

/** Wakes a room's event streams in this process; resolves once listening, so nothing later is missed. */
export const roomEvents = {
  subscribe(roomId: string, listener: Listener): Promise<() => void> {
    return hub.subscribe(roomId, (payload) => listener(payload === null ? { kind: "resync" } : parse(payload).wake));
  },
};
