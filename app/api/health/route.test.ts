import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { GET } from "./route";
import { call } from "@/test/http";

// A PostgreSQL of this file's own (this test file runs in its own process, whose database client is
// created on first use), so it can really be stopped.
let tmp: string;
let database: EmbeddedDatabase;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-health-"));
  fs.chmodSync(tmp, 0o755);
  database = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_health" });
  process.env.DATABASE_URL = database.url;
});
afterAll(async () => {
  await database.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 503 once the database is down", async () => {
    await database.stop();
    const res = await call(GET);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "unavailable", error: "service_unavailable" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers ok again once the database is back", async () => {
    await database.start();
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
