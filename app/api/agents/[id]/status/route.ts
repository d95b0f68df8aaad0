import { statusSchema } from "@/lib/agents/schema";
import { setAgentStatus } from "@/lib/agents/set-agent-status";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const PATCH = userRoute<{ id: string }>(async ({ request, user, params }) => {
  const { status } = await parseBody(request, statusSchema);
  return setAgentStatus(user.id, params.id, status);
});
