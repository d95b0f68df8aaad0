import { describe, expect, it } from "vitest";
import { GET } from "./route";
import { call } from "@/test/http";

describe("GET /api/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
