import { createAgent } from "@/lib/agents/create-agent";
import { listAgents } from "@/lib/agents/list-agents";
import { readJson } from "@/lib/validation/parse";
import { json, userRoute } from "@/lib/http/route";

// GET: the user's agents as a bare list (spec §7 "agents"). POST: registers one → 201 with the agent.
export const GET = userRoute(({ user }) => listAgents(user.id));

export const POST = userRoute(async ({ request, user }) => json(await createAgent(user.id, await readJson(request)), { status: 201 }));
