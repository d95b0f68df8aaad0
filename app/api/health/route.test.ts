import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/test/http";
import { ownPostgresForFile } from "@/test/support/own-postgres";

// A PostgreSQL of this file's own, so it can really be stopped.
const own = ownPostgresForFile("cohost_health");

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers 503 once the database is down", async () => {
    await own.database.stop();
    const res = await call(GET);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "unavailable", error: "service_unavailable" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers ok again once the database is back", async () => {
    await own.database.start();
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
