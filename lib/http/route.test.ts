import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { AppError } from "../errors/app-error";
import { MAX_JSON_BYTES, MAX_JSON_DEPTH, parseBody, readJson } from "../validation/parse";
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

  it("answers ids that cannot name a record with 404 before the handler runs; other parameters only need clean text", async () => {
    const handler = route<{ id: string; kind: string }>(({ params }) => ({ reached: params }));
    for (const id of ["\u0000", "a\u0000b", "%00", "x".repeat(65), "a/b", "a.b", "😀", " ", "\ud800"]) {
      expect(await call(handler, { params: { id, kind: "stt" } }), JSON.stringify(id)).toMatchObject({ status: 404, body: { error: "not_found", message: "Not found" } });
    }
    expect(await call(handler, { params: { id: "x", kind: "a\u0000" } })).toMatchObject({ status: 404 });
    for (const id of ["cm3k9x0a10000qz8h2v4c7d1e", "9b2c4f1e-2d3a-4b5c-8d7e-1f2a3b4c5d6e", "ag-e2e0123", "x".repeat(64)]) {
      expect(await call(handler, { params: { id, kind: "feed.ics" } })).toMatchObject({ status: 200, body: { reached: { id } } });
    }
  });

  it("refuses a query string with a NUL byte", async () => {
    const handler = route(() => ({ ok: true }));
    expect(await call(handler, { path: "/api/test?status=%00" })).toMatchObject({
      status: 400,
      body: { error: "bad_request", message: "The query string contains invalid characters" },
    });
    expect(await call(handler, { path: "/api/test?status=%FF&page=-1" })).toMatchObject({ status: 200 });
  });

  it("answers values the database refuses with 400, not 500", async () => {
    const cases = [
      route(() => db.$queryRaw`SELECT ${"a\u0000b"}::text`), // 22021
      route(() => db.$queryRaw`SELECT ${"abc"}::int`), // 22P02
      route(() => db.$queryRaw`SELECT ${"99999999999"}::int`), // 22003
      route(() => db.agent.findFirst({ where: { id: "\u0000" } })), // Prisma P2039 wrapping 22021
      route(() => db.agent.findFirst({ where: { id: 42 as unknown as string } })), // PrismaClientValidationError
    ];
    for (const handler of cases) {
      expect(await call(handler)).toMatchObject({
        status: 400,
        body: { error: "bad_request", message: "The request contains invalid characters or an out-of-range value" },
      });
    }
  });
});

describe("JSON bodies", () => {
  const read = (rawBody: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    call(route(async ({ request }) => ({ body: await readJson(request) })), { method: "POST", rawBody: rawBody as string, headers });

  it("refuses bodies over 1 MB, by header or by what arrives", async () => {
    const tooLarge = { status: 413, body: { error: "payload_too_large", message: "The request body is too large" } };
    expect(await read(JSON.stringify({ a: "x".repeat(MAX_JSON_BYTES) }))).toMatchObject(tooLarge);
    expect(await read("{}", { "content-length": String(MAX_JSON_BYTES + 1) })).toMatchObject(tooLarge);
    expect(await read(JSON.stringify({ a: "x".repeat(MAX_JSON_BYTES - 100) }))).toMatchObject({ status: 200 });
  });

  it("refuses bytes that are not UTF-8", async () => {
    expect(await read(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toMatchObject({
      status: 400,
      body: { error: "bad_request", message: "The request body is not valid UTF-8" },
    });
  });

  it("refuses NUL and unpaired surrogates anywhere, in values and keys", async () => {
    for (const raw of ['{"a":"x\\u0000"}', '{"a":["ok",{"b":"\\ud800"}]}', '{"\\udc00":1}', '["\\u0000"]']) {
      expect(await read(raw), raw).toMatchObject({ status: 400, body: { message: "The request body contains invalid characters" } });
    }
    expect(await read('{"a":"\\ud83d\\ude00 ok"}')).toMatchObject({ status: 200, body: { body: { a: "😀 ok" } } });
  });

  it("refuses prototype keys at any depth", async () => {
    expect(await read('{"__proto__":{"admin":true}}')).toMatchObject({ status: 400, body: { message: 'The request body must not contain the key "__proto__"' } });
    expect(await read('{"a":[{"constructor":{"prototype":{}}}]}')).toMatchObject({ status: 400, body: { message: 'The request body must not contain the key "constructor"' } });
  });

  it("refuses bodies nested deeper than 32 levels, however deep, without running out of stack", async () => {
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      expect(await read(nested(depth))).toMatchObject({ status: 400, body: { error: "bad_request", message: "The request body is nested too deeply" } });
    }
    expect(await read(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toMatchObject({ status: 200 });
  });
});
