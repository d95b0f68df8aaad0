import { createAgent, listAgents } from "@/lib/agents/agents";
import { readJson } from "@/lib/http/parse";
import { json, userRoute } from "@/lib/http/route";

export const GET = userRoute(({ user }) => listAgents(user.id));

export const POST = userRoute(async ({ request, user }) => json(await createAgent(user.id, await readJson(request)), { status: 201 }));
