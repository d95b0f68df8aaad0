import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";
import { recordKeyTested } from "@/lib/onboarding/checklist";
import { checkProviderKey } from "@/lib/agents/check-key";
import { keyInputSchema } from "@/lib/agents/key-input";

// "Test key": the provider's cheapest authenticated call → {status: valid|invalid|unreachable, reason, message}.
export const POST = userRoute<{ kind: string; providerId: string }>(async ({ request, user, params }) => {
  const result = await checkProviderKey(user.id, params.kind, params.providerId, await parseBody(request, keyInputSchema));
  if (result.status === "valid") await recordKeyTested(user.id);
  return result;
});
