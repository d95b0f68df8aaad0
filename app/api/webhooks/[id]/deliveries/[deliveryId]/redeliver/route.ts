import { json, signedInRoute } from "@/lib/http/route";
import { redeliver } from "@/lib/webhooks/redeliver";

// "Redeliver" → 202: one more attempt, with the same webhook-id, within moments.
export const POST = signedInRoute<{ id: string; deliveryId: string }>(async ({ user, params }) => json(await redeliver(user.id, params.id, params.deliveryId), { status: 202 }));
