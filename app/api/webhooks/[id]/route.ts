import { readJson } from "@/lib/validation/parse";
import { signedInRoute } from "@/lib/http/route";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import { getEndpoint } from "@/lib/webhooks/list-endpoints";
import { updateEndpoint } from "@/lib/webhooks/update-endpoint";

export const GET = signedInRoute<{ id: string }>(({ user, params }) => getEndpoint(user.id, params.id));

// PATCH {url?, description?, events?, enabled?} → the endpoint.
export const PATCH = signedInRoute<{ id: string }>(async ({ request, user, params }) => updateEndpoint(user.id, params.id, await readJson(request)));

export const DELETE = signedInRoute<{ id: string }>(({ user, params }) => deleteEndpoint(user.id, params.id));
