import pg from "pg";
import { outageBackoff } from "../db/outage-backoff.ts";
import type { Logger } from "../log.ts";

// The API's pokes (`pg_notify('meeting_control', <meetingId>)` on stop, restart and activation) reach
// a worker over one LISTEN connection. A LISTEN lives and dies with its connection: after PostgreSQL
// restarts (or the network drops it) the connection is gone and, unless it is made again, so is every
// poke. This one reconnects with back-off (doubling up to 30 s, jittered; logged when lost and when
// back, not per attempt); and since pokes sent while it was away are lost for good,
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
  /** Back-off between reconnection attempts: first, then doubling up to max (jittered, lib/db/outage-backoff.ts). */
  retryMs?: { first: number; max: number };
}

export const CONTROL_CHANNEL = "meeting_control";

/** Connects and listens (rejects when the first connection fails); from then on reconnects by itself. */
export async function listenForPokes(opts: ControlListenerOptions): Promise<ControlListener> {
  const retry = opts.retryMs ?? { first: 500, max: 30_000 };
  const backoff = outageBackoff({ firstMs: retry.first, maxMs: retry.max });
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let lostAt = 0;

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
      lostAt = Date.now();
      scheduleReconnect(backoff.failed());
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

  const scheduleReconnect = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().then(
        () => {
          backoff.succeeded();
          if (closed) return;
          opts.log("listen_reconnected", { lostForMs: Date.now() - lostAt });
          opts.onReconnected();
        },
        () => {
          if (!closed) scheduleReconnect(backoff.failed());
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
