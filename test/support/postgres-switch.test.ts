import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../lib/db/embedded.ts";
import { handlePostgresSwitch, startPostgres, stopPostgres } from "./postgres-switch.ts";

// The fault tests' switch, through its control server as an e2e test uses it: the same URL works
// again after the outage, with the data written before it.
let tmp: string;
let database: EmbeddedDatabase;
let server: http.Server;
let controlUrl: string;

async function query(text: string) {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-switch-"));
  fs.chmodSync(tmp, 0o755);
  database = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_switch" });
  const onRequest = handlePostgresSwitch(database);
  server = http.createServer((req, res) => void (onRequest(req, res) || res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  controlUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await database?.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

it("stops PostgreSQL and starts it again on the same port with the same data", async () => {
  await query("CREATE TABLE kept (value text); INSERT INTO kept VALUES ('before the outage')");

  await stopPostgres(controlUrl);
  await expect(query("SELECT 1")).rejects.toMatchObject({ code: "ECONNREFUSED" });

  await startPostgres(controlUrl);
  expect(await query("SELECT value FROM kept")).toEqual([{ value: "before the outage" }]);
});

it("runs a start sent right after a stop once the stop is done", async () => {
  const [stopped, started] = await Promise.allSettled([stopPostgres(controlUrl), startPostgres(controlUrl)]);
  expect([stopped.status, started.status]).toEqual(["fulfilled", "fulfilled"]);
  expect(await query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
});

it("answers only its own two requests", async () => {
  const res = await fetch(`${controlUrl}/postgres/reboot`, { method: "POST" });
  expect(res.status).toBe(404);
});
