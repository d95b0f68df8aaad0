import { appUrl } from "@/lib/config";
import { json, route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

// The OpenAPI 3.1 document of this API, generated from the routes' zod schemas. Public: it holds no
// data, and tools fetch it without credentials.
let document: object | undefined;

export const GET = route(() => {
  document ??= buildOpenApiDocument(appUrl());
  return json(document, { headers: { "Cache-Control": "public, max-age=300" } });
});
