import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { readJson } from "@/lib/validation/parse";
import { json, signedInRoute } from "@/lib/http/route";

// GET: the user's API keys (never the keys themselves). POST {name, scope, expiresAt?} → 201
// {apiKey, key}: the only time the key is shown. Signed-in users only, never with an API key.
export const GET = signedInRoute(({ user }) => listApiKeys(user.id));

export const POST = signedInRoute(async ({ request, user }) =>
  json(await createApiKey(user.id, await readJson(request)), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
