import pg from "pg";
import type { Logger } from "../log.ts";

// The API's pokes (`pg_notify('meeting_control', <meetingId>)` on stop, restart and activation) reach
// a worker over one LISTEN connection. A LISTEN lives and dies with its connection: after PostgreSQL
// restarts (or the network drops it) the connection is gone and, unless it is made again, so is every
// poke. This one reconnects with back-off; and since pokes sent while it was away are lost for good,
// it reports each reconnection, and the worker has every bot re-check its meeting at once.

export interface ControlListener {
  close(): Promise<void>;
}

export interface ControlListenerOptions {
  databaseUrl: string;
  onPoke(meetingId: string): void;
  /** The connection was lost and is back: pokes may have been missed. */
  onReconnected(): void;
  log: Logger;
  /** Back-off between reconnection attempts: first, then doubling up to max. */
  retryMs?: { first: number; max: number };
}

export const CONTROL_CHANNEL = "meeting_control";

/** Connects and listens (rejects when the first connection fails); from then on reconnects by itself. */
export async function listenForPokes(opts: ControlListenerOptions): Promise<ControlListener> {
  const retry = opts.retryMs ?? { first: 500, max: 5_000 };
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = retry.first;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    // A connection that fails or ends (server restart, network) is replaced; errors never go unhandled.
    // Until it is listening, a failure is the caller's (connect() rejects).
    let listening = false;
    let lost = false;
    const onLost = (err?: Error) => {
      if (!listening || lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => {});
      if (closed) return;
      opts.log("listen_lost", { level: "warn", error: err ? String(err) : "connection ended" });
      scheduleReconnect();
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    c.on("notification", (n) => {
      if (n.channel === CONTROL_CHANNEL && n.payload) opts.onPoke(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CONTROL_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    listening = true;
    client = c;
  };

  const scheduleReconnect = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().then(
        () => {
          delay = retry.first;
          if (closed) return;
          opts.log("listen_reconnected");
          opts.onReconnected();
        },
        (err) => {
          delay = Math.min(retry.max, delay * 2);
          if (!closed) {
            opts.log("listen_reconnect_failed", { level: "warn", error: String(err), retryInMs: delay });
            scheduleReconnect();
          }
        },
      );
    }, delay);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
