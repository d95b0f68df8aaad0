import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";
import { keyInputSchema } from "@/lib/agents/key-input";
import { listAccountModels } from "@/lib/agents/list-account-models";

// The models and voices a key can use at the provider ({models, voices, problem}); POST because the
// body carries the key (or the agent whose stored key to use), which must never be in a URL.
export const POST = userRoute<{ kind: string; providerId: string }>(async ({ request, user, params }) =>
  listAccountModels(user.id, params.kind, params.providerId, await parseBody(request, keyInputSchema)),
);
