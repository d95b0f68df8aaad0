import { parseBody } from "@/lib/http/parse";
import { userRoute } from "@/lib/http/route";
import { checkProviderKey } from "@/lib/providers/check-key";
import { keyInputSchema } from "@/lib/providers/key-input";

// "Test key": the provider's cheapest authenticated call → {status: valid|invalid|unreachable, message}.
export const POST = userRoute<{ kind: string; providerId: string }>(async ({ request, user, params }) =>
  checkProviderKey(user.id, params.kind, params.providerId, await parseBody(request, keyInputSchema)),
);
