import { assertDocumented } from "./openapi/document.ts";

// Calls our route handlers the way Next.js does: a real Request in, a real Response out. Every
// response is checked against the OpenAPI document (test/openapi/document.ts).
type Handler = (request: Request, segment: { params: Promise<any> }) => Promise<Response>;

export async function call(
  handler: Handler,
  opts: { method?: string; path?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string>; rawBody?: string } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const request = new Request(`http://localhost:3000${opts.path ?? "/api/test"}`, {
    method: opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const response = await handler(request, { params: Promise.resolve(opts.params ?? {}) });
  // The raw bytes too, for routes that answer a file (audio samples, downloads).
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  await assertDocumented(handler, response.status, response.headers.get("content-type"), body);
  return { status: response.status, body, headers: response.headers, bytes };
}

/**
 * Headers with a fresh client address on every call, so per-address rate limits never couple one
 * test to another; `net` (the address's second byte) keeps test files apart.
 */
export function freshClientAddress(net: number) {
  let n = 0;
  return () => ({ "x-forwarded-for": `10.${net}.${Math.floor(++n / 250)}.${n % 250}` });
}
