import { json, signedInRoute } from "@/lib/http/route";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

// "Send test event" → 201 the delivery (attempted by a worker within moments).
export const POST = signedInRoute<{ id: string }>(async ({ user, params }) => json(await sendTestEvent(user.id, params.id), { status: 201 }));
