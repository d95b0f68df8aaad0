import { OpenAPIBackend } from "openapi-backend";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { OPERATIONS } from "@/lib/openapi/operations";
import { discoverRoutes, HTTP_METHODS } from "../api/routes.ts";

// The generated OpenAPI document, and a maintained OpenAPI validator (openapi-backend) over it that
// test/http.ts runs on every response the API tests get, so the document cannot drift from the code.

let validator: Promise<OpenAPIBackend> | undefined;

function documentValidator(): Promise<OpenAPIBackend> {
  validator ??= (async () => {
    // quick: openapi-backend's own check of the document knows OpenAPI 3.0 only; openapi.test.ts
    // checks it against the 3.1 schema instead. Formats are not checked: zod writes a pattern for
    // each of them (date-time, e-mail) that the validator does check.
    const api = new OpenAPIBackend({ definition: inlineRefs(buildOpenApiDocument()) as never, quick: true, validate: true, ajvOpts: { validateFormats: false } });
    await api.init();
    return api;
  })();
  return validator;
}

/** The document with each component schema written where it is referenced (quick mode resolves none). */
function inlineRefs(doc: Record<string, any>): unknown {
  const schemas = doc.components.schemas as Record<string, unknown>;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== "object") return value;
    const ref = (value as { $ref?: string }).$ref;
    if (ref?.startsWith("#/components/schemas/")) return walk(schemas[ref.slice(21)]);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
  };
  return { ...doc, paths: walk(doc.paths) };
}

type Handler = (...args: never[]) => unknown;
let routesByHandler: Promise<Map<Handler, { method: string; path: string }>> | undefined;

/** Which route and method a handler is: every route.ts under app/api, imported once. */
function routeOf(handler: Handler) {
  routesByHandler ??= (async () => {
    const map = new Map<Handler, { method: string; path: string }>();
    for (const route of discoverRoutes()) {
      const mod = (await import(route.file)) as Record<string, Handler>;
      const path = `/api/${route.segments.map((s) => (s.param ? `{${s.param.name}}` : s.name)).join("/")}`;
      for (const method of HTTP_METHODS) if (typeof mod[method] === "function" && !map.has(mod[method])) map.set(mod[method], { method: method.toLowerCase(), path });
    }
    return map;
  })();
  return routesByHandler.then((map) => map.get(handler));
}

/**
 * Throws when a response does not match the document: a JSON body against its status's schema (or
 * the error shape), any other body against the media type the operation declares.
 */
export async function assertDocumented(handler: Handler, status: number, contentType: string | null, body: unknown): Promise<void> {
  const route = await routeOf(handler);
  const op = route && OPERATIONS.find((o) => o.method === route.method && o.path === route.path);
  if (!op) return; // not in the document: test/openapi/openapi.test.ts names it
  const where = `${route.method.toUpperCase()} ${route.path} → ${status}`;
  const declared = op.responses[status];
  if (declared && "mediaTypes" in declared) {
    if (!declared.mediaTypes.some((t) => contentType?.startsWith(t))) throw new Error(`The response of ${where} (${contentType}) does not match the OpenAPI document`);
    return;
  }
  if (contentType?.startsWith("application/json")) {
    const result = (await documentValidator()).validateResponse(body, op.operationId, status);
    if (result.errors?.length) throw new Error(`The response of ${where} does not match the OpenAPI document: ${JSON.stringify(result.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
    return;
  }
  if (declared !== null || (body !== null && body !== "")) throw new Error(`The response of ${where} (${contentType}) does not match the OpenAPI document`);
}
