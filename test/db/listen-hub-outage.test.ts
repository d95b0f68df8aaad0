import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countingRelay } from "../support/counting-relay";
import { ownPostgresForFile } from "../support/own-postgres";

// The web server's LISTEN connections (lib/db/listen-hub.ts: the event streams, the webhook relay)
// with their PostgreSQL stopped under them (docs/deploy.md "When the database is gone"): connections
// go through a counting relay, so the test sees every reconnection attempt.

const pg = ownPostgresForFile("listen_hub_outage", { prepare: true });
let relay: ReturnType<typeof countingRelay>;

beforeAll(async () => {
  const url = new URL(pg.database.url);
  relay = countingRelay({ host: url.hostname, port: Number(url.port) });
  url.port = String(await relay.listen());
  process.env.DATABASE_URL = url.toString();
}, 60_000);
afterAll(async () => {
  await relay?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a LISTEN hub without its database", () => {
  it("backs off: over 12 s with PostgreSQL stopped it tries a few times, not once a second; logged when lost and when back; subscribers re-read once back", async () => {
    const { ListenHub } = await import("@/lib/db/listen-hub");
    const out = [vi.spyOn(console, "log"), vi.spyOn(console, "error")];
    const events = () => out.flatMap((spy) => spy.mock.calls.map((c) => (JSON.parse(String(c[0])) as { event: string }).event));
    const hub = new ListenHub("outage_test", "test");
    const heard: (string | null)[] = [];
    const unsubscribe = await hub.subscribe("*", (payload) => heard.push(payload));
    let up = true;
    try {
      await pg.database.stop();
      up = false;
      await sleep(1000); // the connection is gone
      const before = relay.connections();
      await sleep(12_000);
      const attempts = relay.connections() - before;
      // Once a second (the old fixed retry) would be 12.
      expect(attempts).toBeGreaterThan(0);
      expect(attempts).toBeLessThanOrEqual(6);
      expect(events().filter((e) => e.startsWith("listen_")).length).toBeLessThanOrEqual(1);
      await pg.database.start();
      up = true;
      await expect.poll(() => heard, { timeout: 60_000 }).toContain(null);
      expect(events()).toContain("listen_reconnected");
    } finally {
      for (const spy of out) spy.mockRestore();
      unsubscribe();
      if (!up) await pg.database.start();
    }
  }, 120_000);
});
