import { z } from "zod";
import type { Auth, Operation, RawResponse } from "../contract/operation.ts";
import { errorResponse } from "../errors/error-response.ts";
import { ID_PATTERN, isIdParam } from "../validation/ids.ts";
import { OPERATIONS } from "./operations.ts";

// The OpenAPI 3.1 document, generated from the operations' zod schemas with zod's own JSON Schema
// output (draft 2020-12, the dialect of OpenAPI 3.1). Request bodies and query strings are described
// as they are accepted (zod's "input" side: defaults optional, before transforms), responses as they
// are sent ("output": every declared field, no other). Schemas with an id become components.

type Json = Record<string, unknown>;

export const API_VERSION = "1.0.0";

const SECURITY: Record<Auth, Json[]> = {
  user: [{ sessionCookie: [] }, { accessToken: [] }, { apiKey: [] }],
  signedIn: [{ sessionCookie: [] }, { accessToken: [] }],
  public: [],
  participant: [],
  feed: [],
  stripe: [],
};

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The browser's session (named __Secure-next-auth.session-token on https). Writes must come from Cohost's own origin.",
  },
  accessToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from POST /api/token (password or refresh-token grant), valid 15 minutes.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "ck_…",
    description:
      "A personal API key from the Developers page, sent as `Authorization: Bearer ck_…`. A read key may only GET. Keys cannot manage keys, webhooks or the password. Rate limited per key (429 with Retry-After).",
  },
};

class Components {
  readonly schemas: Record<string, Json> = {};
  private readonly seen = new Map<string, string>();

  /** A zod schema as JSON Schema; its named parts go to components.schemas, referenced from here. */
  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const { $schema: _, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json & { $defs?: Record<string, Json> };
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries($defs ?? {})) {
      // The same id described differently on the request side (defaults optional) gets its own name.
      const text = JSON.stringify(def);
      const name = this.seen.has(id) && this.seen.get(id) !== text && io === "input" ? `${id}Input` : id;
      names.set(id, name);
      this.seen.set(name, text);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== "object") return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/") ? `#/components/schemas/${names.get(v.slice(8))}` : rewrite(v)]),
      );
    };
    for (const [id, def] of Object.entries($defs ?? {})) this.schemas[names.get(id)!] = rewrite(def) as Json;
    return rewrite(root) as Json;
  }
}

const isRaw = (r: unknown): r is RawResponse => Boolean(r && typeof r === "object" && "mediaTypes" in r);

const ERROR_TEXT: Record<number, string> = {
  400: "The request is invalid: `message` says why, `issues` lists each field",
  401: "Not signed in, or the token or API key is invalid, expired or revoked",
  403: "Not allowed: a read-only API key on a write, an API key where a signed-in user is needed, or a cross-site request",
  404: "Not found, or not the caller's",
  409: "Conflicts with the current state (e.g. the meeting's status)",
  413: "The request body is too large",
  429: "Too many requests: wait the Retry-After seconds",
  503: "The database cannot be reached right now (`service_unavailable`): try again after the Retry-After seconds",
};

function errorResponses(op: Operation, errorRef: Json): Record<string, Json> {
  const codes = new Set<number>();
  if (op.body || op.query || op.multipart) codes.add(400);
  if (op.body) codes.add(413);
  if (op.auth === "user" || op.auth === "signedIn") [401, 403, 429].forEach((c) => codes.add(c));
  if (op.path.includes("{") || op.auth === "participant") codes.add(404);
  // Everything but this document reads the database (docs/security.md, "Database outages").
  if (op.path !== "/api/openapi.json" && !(503 in op.responses)) codes.add(503);
  const out: Record<string, Json> = {};
  for (const code of [...codes].sort()) {
    out[code] = {
      description: ERROR_TEXT[code],
      content: { "application/json": { schema: errorRef } },
      ...(code === 429 || code === 503 ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } } : {}),
    };
  }
  out.default = { description: "Any other error, in the same shape", content: { "application/json": { schema: errorRef } } };
  return out;
}

function parameters(op: Operation, components: Components): Json[] {
  const params: Json[] = [];
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    params.push({ name, in: "path", required: true, schema: isIdParam(name) ? { type: "string", pattern: ID_PATTERN.source } : { type: "string" } });
  }
  if (op.query) {
    const schema = components.convert(op.query, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: s, ...(s.description ? { description: s.description } : {}) });
    }
  }
  for (const [name, description] of Object.entries(op.headers ?? {})) params.push({ name, in: "header", required: false, description, schema: { type: "string" } });
  if (op.auth === "stripe") params.push({ name: "Stripe-Signature", in: "header", required: true, description: "Stripe's signature of the raw body", schema: { type: "string" } });
  return params;
}

export function buildOpenApiDocument(serverUrl?: string): Json {
  const components = new Components();
  const errorRef = components.convert(errorResponse, "output");
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, Json> = {};
    for (const [status, r] of Object.entries(op.responses)) {
      if (r === null) responses[status] = { description: "No body" };
      else if (isRaw(r)) responses[status] = { description: r.description, content: Object.fromEntries(r.mediaTypes.map((t) => [t, {}])) };
      else responses[status] = { description: "Success", content: { "application/json": { schema: components.convert(r, "output") } } };
    }
    const content: Json = {};
    if (op.body) content["application/json"] = { schema: components.convert(op.body, "input") };
    if (op.multipart) content["multipart/form-data"] = { schema: components.convert(op.multipart, "input") };
    const params = parameters(op, components);
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: SECURITY[op.auth],
      ...(params.length ? { parameters: params } : {}),
      ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
      responses: { ...responses, ...errorResponses(op, errorRef) },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cohost API",
      version: API_VERSION,
      description:
        "Voice agents that join Zoom, Teams and Meet meetings. Authenticate with an API key (Developers page) as `Authorization: Bearer ck_…`. Errors are `{error, message, issues?}`. Webhooks are signed per Standard Webhooks. The API guide (Developers → API guide, /developers/guide) has the quickstart, limits, webhooks and versioning.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: ["Meetings", "Agents", "Calendars", "Billing", "Developers", "Account", "Test room"].map((name) => ({ name })),
    paths,
    components: { schemas: components.schemas, securitySchemes: SECURITY_SCHEMES },
  };
}
