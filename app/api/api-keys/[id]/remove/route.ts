import { removeApiKey } from "@/lib/api-keys/remove-api-key";
import { signedInRoute } from "@/lib/http/route";

// Removes a revoked or expired key from the list → 204.
export const POST = signedInRoute<{ id: string }>(async ({ user, params }) => {
  await removeApiKey(user.id, params.id);
  return new Response(null, { status: 204 });
});
