import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { POST } from "./route";

describe("POST /api/feedback", () => {
  it("stores the trimmed message for the signed-in user", async () => {
    const { user, headers } = await createUser();
    const res = await call(POST, { body: { message: "   The agent joined on time, great!   " }, headers });
    expect(res.status).toBe(201);
    const rows = await db.feedback.findMany({ where: { userId: user.id } });
    expect(rows.map((r) => r.message)).toEqual(["The agent joined on time, great!"]);
  });

  it("refuses too short (after trimming) and too long messages with the spec's wording, storing nothing", async () => {
    const { user, headers } = await createUser();
    for (const message of ["", "   short    ", "x".repeat(9)]) {
      expect(await call(POST, { body: { message }, headers })).toMatchObject({
        status: 400,
        body: { error: "validation_error", message: "Feedback must be at least 10 characters long" },
      });
    }
    expect(await call(POST, { body: { message: "x".repeat(2001) }, headers })).toMatchObject({
      status: 400,
      body: { message: "Feedback must be less than 2000 characters" },
    });
    expect(await call(POST, { body: {}, headers })).toMatchObject({ status: 400 });
    expect(await db.feedback.count({ where: { userId: user.id } })).toBe(0);
  });

  it("needs a user and limits how often one user can send", async () => {
    expect(await call(POST, { body: { message: "Anonymous feedback here" } })).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    process.env.RATE_LIMIT_FEEDBACK = "2/3600";
    try {
      const { user, headers } = await createUser();
      for (let i = 0; i < 2; i++) expect((await call(POST, { body: { message: `Feedback number ${i}` }, headers })).status).toBe(201);
      const limited = await call(POST, { body: { message: "One too many messages" }, headers });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeTruthy();
      expect(await db.feedback.count({ where: { userId: user.id } })).toBe(2);
    } finally {
      delete process.env.RATE_LIMIT_FEEDBACK;
    }
  });
});
