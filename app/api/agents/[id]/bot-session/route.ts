import { botSessionInputSchema } from "@/lib/agents/parse-bot-session";
import { removeBotSession } from "@/lib/agents/remove-bot-session";
import { setBotSession } from "@/lib/agents/set-bot-session";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const PUT = userRoute<{ id: string }>(async ({ request, user, params }) => {
  const input = await parseBody(request, botSessionInputSchema);
  return setBotSession(user.id, params.id, input);
});

export const DELETE = userRoute<{ id: string }>(async ({ user, params }) => removeBotSession(user.id, params.id));
