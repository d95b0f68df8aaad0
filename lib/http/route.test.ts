import { describe, expect, it } from "vitest";
import { z } from "zod";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { AppError } from "./errors";
import { parseBody } from "./parse";
import { route, userRoute } from "./route";

describe("route wrappers", () => {
  const echo = userRoute(async ({ user }) => ({ id: user.id, via: user.via }));

  it("maps AppError to its status and JSON body", async () => {
    const handler = route(() => {
      throw new AppError("conflict", "Already there");
    });
    expect(await call(handler)).toMatchObject({ status: 409, body: { error: "conflict", message: "Already there" } });
  });

  it("hides unexpected errors behind the generic message", async () => {
    const handler = route(() => {
      throw new Error("secret internals");
    });
    const res = await call(handler);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "internal_error", message: "Something went wrong. Please try again later." });
  });

  it("returns validation_error with issues for bad input, and 400 for broken JSON", async () => {
    const handler = route(async ({ request }) => parseBody(request, z.object({ name: z.string().min(1, "Name is required") })));
    expect(await call(handler, { body: { name: "" } })).toMatchObject({
      status: 400,
      body: { error: "validation_error", message: "Name is required", issues: [{ path: "name", message: "Name is required" }] },
    });
    expect(await call(handler, { rawBody: "{nope", headers: { "content-type": "application/json" } })).toMatchObject({
      status: 400,
      body: { error: "bad_request" },
    });
  });

  it("needs a user: 401 JSON without or with a bad token, the user with a good one", async () => {
    expect(await call(echo)).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    expect(await call(echo, { headers: { authorization: "Bearer nope" } })).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    const { user, headers } = await createUser();
    expect(await call(echo, { headers })).toMatchObject({ status: 200, body: { id: user.id, via: "bearer" } });
  });
});
