import { readJson } from "@/lib/validation/parse";
import { json, signedInRoute } from "@/lib/http/route";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";

// GET: the user's webhook endpoints. POST {url, description?, events} → 201 {endpoint, secret}: the
// only time the signing secret is shown. Signed-in users only, never with an API key.
export const GET = signedInRoute(({ user }) => listEndpoints(user.id));

export const POST = signedInRoute(async ({ request, user }) =>
  json(await createEndpoint(user.id, await readJson(request)), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
