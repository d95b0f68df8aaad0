import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as documentRoute } from "@/app/api/openapi.json/route";
import { GET as me } from "@/app/api/me/route";
import { appUrl } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { discoverRoutes, HTTP_METHODS } from "../api/routes.ts";
import { assertDocumented } from "./document.ts";

// The document cannot drift from the code: every route.ts is in it with each method it exports, it
// names nothing that does not exist, it is valid OpenAPI 3.1, and (test/http.ts) every response the
// API tests get validates against it.

/**
 * No operations of their own: the catch-all that answers unknown /api paths with a JSON 404, and the
 * local store's signed download URLs (docs/storage.md), which Cohost hands out already signed and
 * nobody builds from a document.
 */
const NOT_OPERATIONS = new Set(["[...path]", "storage/[...key]"]);

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };

describe("the OpenAPI document", () => {
  it("has every route.ts under app/api, with each method it exports, and nothing else", async () => {
    const expected: string[] = [];
    for (const route of discoverRoutes()) {
      if (NOT_OPERATIONS.has(route.key)) continue;
      const mod = (await import(route.file)) as Record<string, unknown>;
      const path = `/api/${route.segments.map((s) => (s.param ? `{${s.param.name}}` : s.name)).join("/")}`;
      for (const method of HTTP_METHODS) if (typeof mod[method] === "function") expected.push(`${method} ${path}`);
    }
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(expected.length).toBeGreaterThan(60);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes the three ways to authenticate: session cookie, access token and API key", () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["accessToken", "apiKey", "sessionCookie"]);
    const security = (document.paths["/api/meetings/join"].post as { security: object[] }).security;
    expect(security).toEqual([{ sessionCookie: [] }, { accessToken: [] }, { apiKey: [] }]);
    expect((document.paths["/api/api-keys"].post as { security: object[] }).security).toEqual([{ sessionCookie: [] }, { accessToken: [] }]);
  });

  it("is served at GET /api/openapi.json", async () => {
    const res = await call(documentRoute, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(buildOpenApiDocument(appUrl()));
    expect(res.body.servers).toEqual([{ url: appUrl() }]);
  });

  it("refuses a response that does not match it: an undeclared field, a wrong type, an undeclared status", async () => {
    const { headers } = await createUser();
    const res = await call(me, { headers });
    const json = "application/json";
    await expect(assertDocumented(me, 200, json, res.body)).resolves.toBeUndefined();
    await expect(assertDocumented(me, 200, json, { ...res.body, secret: "x" })).rejects.toThrow(/does not match the OpenAPI document/);
    await expect(assertDocumented(me, 200, json, { ...res.body, creditBalanceUsd: "12.00" })).rejects.toThrow(/does not match/);
    await expect(assertDocumented(me, 404, json, { error: "not_found" })).rejects.toThrow(/does not match/);
    await expect(assertDocumented(me, 200, "text/html", "<p>hi</p>")).rejects.toThrow(/does not match/);
  });
});
