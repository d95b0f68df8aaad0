import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgent } from "@/lib/agents/get-agent";
import { updateAgent } from "@/lib/agents/update-agent";
import { readJson } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute<{ id: string }>(({ user, params }) => getAgent(user.id, params.id));

export const PUT = userRoute<{ id: string }>(async ({ request, user, params }) => updateAgent(user.id, params.id, await readJson(request)));

// Cancels the agent's open meetings, then deletes it → {deleted, cancelledMeetings}.
export const DELETE = userRoute<{ id: string }>(({ user, params }) => deleteAgent(user.id, params.id));
