import { handleEvent, verifyEvent } from "@/lib/billing/webhook";
import { route } from "@/lib/http/route";

// Stripe's webhook: raw body for the signature; 200 only after the event's effect has committed.
export const POST = route(async ({ request }) => {
  const event = verifyEvent(await request.text(), request.headers.get("stripe-signature"));
  return { received: true, result: await handleEvent(event) };
});
