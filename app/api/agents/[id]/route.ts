import { deleteAgent, getAgent, updateAgent } from "@/lib/agents/agents";
import { readJson } from "@/lib/http/parse";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute<{ id: string }>(({ user, params }) => getAgent(user.id, params.id));

export const PUT = userRoute<{ id: string }>(async ({ request, user, params }) => updateAgent(user.id, params.id, await readJson(request)));

export const DELETE = userRoute<{ id: string }>(({ user, params }) => deleteAgent(user.id, params.id));
