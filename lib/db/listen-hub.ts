import pg from "pg";
import { log } from "../log.ts";
import { outageBackoff } from "./outage-backoff.ts";

// PostgreSQL LISTEN for one channel, shared by everything in a process that waits on it (the test
// room's event streams, the meeting event streams, the webhook relay): one connection per channel,
// opened by the first subscriber and closed after the last one leaves. A notification goes to the
// subscribers of its key (the payload up to its first ":") and to those of "*". After a dropped
// connection, which may have missed notifications, every subscriber is called with null: re-read.
// While the database is gone it tries again after 1 s, doubling up to 30 s (jittered); logged when
// lost and when back, not per attempt.

export type HubListener = (payload: string | null) => void;

export class ListenHub {
  private readonly listeners = new Map<string, Set<HubListener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly backoff = outageBackoff({ firstMs: 1000, maxMs: 30_000 });
  private lostAt = 0;
  private readonly channel: string;
  private readonly label: string;

  // Plain fields, not parameter properties: scripts run through Node's type stripping.
  constructor(channel: string, label: string) {
    this.channel = channel;
    this.label = label;
  }

  /** Resolves once this process is listening, so nothing sent after it is missed. */
  async subscribe(key: string, listener: HubListener): Promise<() => void> {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    try {
      await this.connect();
    } catch (err) {
      this.remove(key, listener);
      throw err;
    }
    return () => this.remove(key, listener);
  }

  private remove(key: string, listener: HubListener) {
    const set = this.listeners.get(key);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(key);
    // The last subscriber of this process left: give the connection back.
    if (this.listeners.size === 0) this.disconnect();
  }

  private dispatch(payload: string) {
    const key = payload.split(":", 1)[0];
    for (const listener of this.listeners.get(key) ?? []) listener(payload);
    for (const listener of this.listeners.get("*") ?? []) listener(payload);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      // TCP keep-alive: a connection a NAT or firewall silently dropped is noticed (and re-made) instead of waiting forever.
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL, keepAlive: true, keepAliveInitialDelayMillis: 30_000 });
      client.on("notification", (msg) => {
        if (msg.channel === this.channel) this.dispatch(msg.payload ?? "");
      });
      client.on("error", (err) => {
        // Logged for the connection that was listening; a reconnection attempt's failure is not news.
        if (this.client === client) log({ event: "listen_connection_failed", level: "error", hub: this.label, channel: this.channel, error: err.message });
        this.lost(client);
      });
      client.on("end", () => this.lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
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

  /** A dropped connection may have missed notifications: reconnect, then every subscriber re-reads. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.lostAt = Date.now();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.listeners.size === 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.listeners.size === 0) return;
      this.connect().then(
        () => {
          this.backoff.succeeded();
          log({ event: "listen_reconnected", hub: this.label, channel: this.channel, lostForMs: Date.now() - this.lostAt });
          for (const set of this.listeners.values()) for (const listener of set) listener(null);
        },
        () => this.scheduleReconnect(),
      );
    }, this.backoff.failed());
  }
}

/** One hub per channel and process (Next.js dev reloads modules, so they live on globalThis). */
export function listenHub(channel: string, label: string): ListenHub {
  const holder = globalThis as unknown as { cohostListenHubs?: Map<string, ListenHub> };
  const hubs = (holder.cohostListenHubs ??= new Map());
  let hub = hubs.get(channel);
  if (!hub) hubs.set(channel, (hub = new ListenHub(channel, label)));
  return hub;
}
