import { encryptSecret, maskSecret } from "../crypto/secrets.ts";
import type { AgentMcpServer, Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import type { McpServerInput } from "./mcp-server-input.ts";
import { sameOrigin } from "../net/same-origin.ts";


/**
 * Replaces an agent's MCP servers with `servers`, in the caller's transaction: listed ids are
 * updated, new entries created, the rest deleted. A stored token or headers stay unless given anew
 * ("" or {} clears them), but not when the server moves to another origin: they were meant for the
 * old one. An id that is not one of this agent's servers is a validation error.
 */
export async function saveMcpServers(tx: Prisma.TransactionClient, agentId: string, servers: McpServerInput[]): Promise<void> {
  const stored = await tx.agentMcpServer.findMany({ where: { agentId } });
  const byId = new Map(stored.map((s) => [s.id, s]));
  const kept = new Set<string>();
  for (const [position, input] of servers.entries()) {
    const previous = input.id ? byId.get(input.id) : undefined;
    if (input.id && !previous) {
      const message = "This tool server no longer exists; reload the page";
      throw new AppError("validation_error", message, { issues: [{ path: `mcpServers.${position}.id`, message }] });
    }
    const data = { name: input.name, url: input.url, disabledTools: [...new Set(input.disabledTools)], everyoneTools: [...new Set(input.everyoneTools)], actingTools: [...new Set(input.actingTools)], position, ...secretColumns(input, previous) };
    if (previous) {
      kept.add(previous.id);
      await tx.agentMcpServer.update({ where: { id: previous.id }, data });
    } else {
      kept.add((await tx.agentMcpServer.create({ data: { agentId, ...data }, select: { id: true } })).id);
    }
  }
  await tx.agentMcpServer.deleteMany({ where: { agentId, id: { notIn: [...kept] } } });
}

function secretColumns(input: McpServerInput, previous: AgentMcpServer | undefined) {
  const keep = previous !== undefined && sameOrigin(previous.url, input.url);
  const token =
    input.bearerToken === undefined
      ? keep
        ? { tokenEnc: previous.tokenEnc, tokenHint: previous.tokenHint }
        : { tokenEnc: null, tokenHint: null }
      : input.bearerToken === ""
        ? { tokenEnc: null, tokenHint: null }
        : { tokenEnc: encryptSecret(input.bearerToken), tokenHint: maskSecret(input.bearerToken) };
  const headers =
    input.headers === undefined
      ? keep
        ? { headersEnc: previous.headersEnc, headerNames: previous.headerNames }
        : { headersEnc: null, headerNames: [] }
      : Object.keys(input.headers).length === 0
        ? { headersEnc: null, headerNames: [] }
        : { headersEnc: encryptSecret(JSON.stringify(input.headers)), headerNames: Object.keys(input.headers) };
  return { ...token, ...headers };
}
