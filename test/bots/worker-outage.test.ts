import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countingRelay } from "../support/counting-relay";
import { ownPostgresForFile } from "../support/own-postgres";

// A worker left running without its database (docs/deploy.md "When the database is gone"): its
// PostgreSQL of its own is stopped under it. Connections go through a counting TCP relay, so the
// test sees every connection attempt the worker makes, whatever part of it makes them.

const pg = ownPostgresForFile("worker_outage", { prepare: true });

let relay: ReturnType<typeof countingRelay>;
let relayUrl: string;

beforeAll(async () => {
  const url = new URL(pg.database.url);
  relay = countingRelay({ host: url.hostname, port: Number(url.port) });
  url.port = String(await relay.listen());
  relayUrl = url.toString();
  process.env.DATABASE_URL = relayUrl;
}, 60_000);
afterAll(async () => {
  await relay?.close();
});

/** Stops and starts the file's PostgreSQL, knowing which it is. */
let down = false;
async function stopDatabase() {
  await pg.database.stop();
  down = true;
}
async function startDatabase() {
  if (!down) return;
  await pg.database.start();
  down = false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a bot worker without its database", () => {
  it("backs off: over 8 s with PostgreSQL stopped it makes a handful of connection attempts, not one per poll; it logs the outage once", async () => {
    const { startWorker } = await import("@/lib/bots/worker");
    const out = [vi.spyOn(console, "log"), vi.spyOn(console, "error")];
    const events = () => out.flatMap((spy) => spy.mock.calls.map((c) => JSON.parse(String(c[0])) as { event: string; level: string }));
    // pollMs 100: without back-off, 80 polls in the window, each a connection attempt.
    const worker = await startWorker({ databaseUrl: relayUrl, concurrency: 1, pollMs: 100, run: async () => {} });
    try {
      await stopDatabase();
      await sleep(1000); // every connection notices the stop
      const before = relay.connections();
      await sleep(8000);
      const attempts = relay.connections() - before;
      expect(attempts).toBeGreaterThan(0);
      expect(attempts).toBeLessThanOrEqual(25);
      // Said once per part that noticed (polls, LISTEN, pg-boss), not once per attempt.
      const said = events().filter((e) => e.level !== "info").map((e) => e.event);
      expect(said.filter((e) => e === "fetch_error")).toHaveLength(1);
      expect(said.filter((e) => e.startsWith("listen_")).length).toBeLessThanOrEqual(2);
      // Back: it polls again and says the outage is over.
      await startDatabase();
      await expect.poll(() => events().map((e) => e.event), { timeout: 60_000 }).toContain("fetch_error_over");
    } finally {
      for (const spy of out) spy.mockRestore();
      await startDatabase();
      await worker.stop();
    }
  }, 90_000);

  it("stopping with PostgreSQL stopped: a bot whose last write waits for the database does not hold the stop forever", async () => {
    const { startWorker } = await import("@/lib/bots/worker");
    const { db } = await import("@/lib/db/client");
    const { userWithAgent } = await import("../meetings/fixtures");
    const { call } = await import("../http");
    const { POST: join } = await import("@/app/api/meetings/join/route");
    let started = 0;
    let retries = 0;
    const worker = await startWorker({
      databaseUrl: relayUrl,
      concurrency: 1,
      pollMs: 100,
      run: async (ctx) => {
        started++;
        await new Promise((resolve) => ctx.shutdown.addEventListener("abort", resolve, { once: true }));
        // Its last write is retried until the database takes it (as a bot's final writes are).
        for (;;) {
          try {
            await db.$queryRaw`SELECT 1`;
            return;
          } catch {
            retries++;
            await sleep(200);
          }
        }
      },
    });
    const ctx = await userWithAgent({ creditUsd: 10 });
    const res = await call(join, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: "https://meet.google.com/out-agex-abc", title: "Outage" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expect.poll(() => started, { timeout: 30_000 }).toBe(1);
    try {
      await stopDatabase();
      const stopped = worker.stop({ withinMs: 3000 }).then(() => "stopped" as const);
      // A hang guard, not a speed test.
      expect(await Promise.race([stopped, sleep(45_000).then(() => "still stopping" as const)])).toBe("stopped");
      expect(retries).toBeGreaterThan(0); // the bot was still waiting for the database when the stop gave up on it
    } finally {
      await startDatabase();
    }
  }, 120_000);

  it("SIGTERM with PostgreSQL stopped: the worker process exits (every teardown step is bounded)", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawn(process.execPath, [path.join(root, "scripts/worker.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: relayUrl, WORKER_CONCURRENCY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const events: string[] = [];
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        try {
          events.push(JSON.parse(line).event);
        } catch {
          if (line.trim()) events.push(line);
        }
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => events, { timeout: 60_000 }).toContain("worker_started");
      await stopDatabase();
      await sleep(2000); // it has noticed: the LISTEN connection is lost, polls fail
      child.kill("SIGTERM");
      // A hang guard, not a speed test: the process bounds its own shutdown well inside this.
      const code = await Promise.race([exited, sleep(45_000).then(() => "still running" as const)]);
      expect(code, events.join("\n")).not.toBe("still running");
    } finally {
      child.kill("SIGKILL");
      await startDatabase();
    }
  }, 120_000);
});
