import { signedInRoute } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

// GET ?page=&limit= → {deliveries, pagination}: the endpoint's delivery log, newest first.
export const GET = signedInRoute<{ id: string }>(({ request, user, params }) => listDeliveries(user.id, params.id, new URL(request.url).searchParams));
