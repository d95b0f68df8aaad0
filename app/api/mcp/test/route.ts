import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";
import { mcpTestSchema, testMcpServer } from "@/lib/tools/test-mcp-server";

// "Test connection" for an agent's tool server → {ok: true, tools: [{name, description}]} or {ok: false, message}.
export const POST = userRoute(async ({ request, user }) => testMcpServer(user.id, await parseBody(request, mcpTestSchema)));
