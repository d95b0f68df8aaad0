import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { idSchema } from "../validation/ids.ts";
import { enforce } from "../rate-limit/rate-limit.ts";
import { sameOrigin } from "../net/same-origin.ts";
import { connectMcpServer, McpProblem } from "./mcp-client.ts";
import { mcpHeadersSchema, mcpTokenSchema, mcpUrlSchema } from "./mcp-server-input.ts";
import { storedServerHeaders } from "./stored-mcp-server.ts";

export const mcpTestSchema = z.object(
  {
    url: mcpUrlSchema,
    bearerToken: mcpTokenSchema,
    headers: mcpHeadersSchema,
    // A server the agent stores: its token and headers are used where none are typed (the edit form).
    agentId: idSchema.optional(),
    serverId: idSchema.optional(),
  },
  { error: "The request body must be a JSON object" },
);

export const mcpTestResultResponse = z
  .union([z.object({ ok: z.literal(true), tools: z.array(z.object({ name: z.string(), description: z.string() })) }), z.object({ ok: z.literal(false), message: z.string() })])
  .meta({ id: "McpTestResult" });
export type McpTestResult = Sent<typeof mcpTestResultResponse>;

// Each test makes an outbound connection for the user; the cap stops it being used to scan hosts.
const TESTS_PER_MINUTE = { max: 30, windowSeconds: 60 };
const TEST_TIMEOUT_MS = 10_000;

/**
 * "Test connection": connects to the server as a meeting would (MCP initialize over Streamable HTTP,
 * the private-address guard), lists its tools and disconnects. A stored server's secrets are used
 * only for the origin they were saved for.
 */
export async function testMcpServer(userId: string, input: z.infer<typeof mcpTestSchema>): Promise<McpTestResult> {
  await enforce(`mcp-test:${userId}`, TESTS_PER_MINUTE);
  let headers: Record<string, string> = { ...input.headers };
  if (input.serverId) {
    const stored = await db.agentMcpServer.findFirst({ where: { id: input.serverId, agentId: input.agentId, agent: { userId } } });
    if (!stored) throw new AppError("not_found", "Tool server not found");
    if (sameOrigin(stored.url, input.url)) {
      const saved = storedServerHeaders({ tokenEnc: input.bearerToken === undefined ? stored.tokenEnc : null, headersEnc: input.headers === undefined ? stored.headersEnc : null });
      headers = { ...saved, ...headers };
    }
  }
  if (input.bearerToken) headers.authorization = `Bearer ${input.bearerToken}`;
  try {
    const connection = await connectMcpServer({ url: input.url, headers }, { timeoutMs: TEST_TIMEOUT_MS });
    await connection.close();
    return { ok: true, tools: connection.tools.map((t) => ({ name: t.name, description: t.description.slice(0, 300) })) };
  } catch (err) {
    if (err instanceof McpProblem) return { ok: false, message: err.message };
    throw err;
  }
}
