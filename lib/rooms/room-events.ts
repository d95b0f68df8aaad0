import pg from "pg";
import { db } from "../db/client.ts";

// Room events across processes: every write that others must see (join, leave, a signal, a
// transcript segment via the trigger in the rooms migration) sends a NOTIFY on one channel; each web
// process keeps one LISTEN connection and wakes the event streams of that room. The payload is
// `<roomId>` (roster or transcript changed: everyone refreshes) or `<roomId>:signal:<participantId>`
// (only that participant has new signals).
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

class RoomEventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;

  /** Resolves once this process is listening, so nothing sent after it is missed. */
  async subscribe(roomId: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(roomId);
    if (!set) this.listeners.set(roomId, (set = new Set()));
    set.add(listener);
    try {
      await this.connect();
    } catch (err) {
      this.remove(roomId, listener);
      throw err;
    }
    return () => this.remove(roomId, listener);
  }

  private remove(roomId: string, listener: Listener) {
    const set = this.listeners.get(roomId);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(roomId);
    // The last stream of this process closed: give the connection back.
    if (this.listeners.size === 0) this.disconnect();
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      client.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        const { roomId, wake } = parse(msg.payload);
        for (const listener of this.listeners.get(roomId) ?? []) listener(wake);
      });
      client.on("error", (err) => {
        console.error("[rooms] event connection failed:", err.message);
        this.lost(client);
      });
      client.on("end", () => this.lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        client.end().catch(() => {});
        throw err;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private disconnect() {
    const client = this.client;
    this.client = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    client?.end().catch(() => {});
  }

  /** A dropped connection may have missed notifications: reconnect, then every stream re-reads. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.listeners.size === 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.listeners.size === 0) return;
      this.connect().then(
        () => {
          for (const set of this.listeners.values()) for (const listener of set) listener({ kind: "resync" });
        },
        () => this.scheduleReconnect(),
      );
    }, 1000);
  }
}

// One hub per process (Next.js dev reloads modules, so it lives on globalThis like the Prisma client).
const holder = globalThis as unknown as { cohostRoomEvents?: RoomEventHub };
export const roomEvents: RoomEventHub = (holder.cohostRoomEvents ??= new RoomEventHub());
