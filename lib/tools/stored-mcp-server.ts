import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { decryptSecret } from "../crypto/secrets.ts";
import type { AgentMcpServer } from "../generated/prisma/client.ts";

/** The headers a connection to a stored server sends: its extra headers, then its bearer token. */
export function storedServerHeaders(server: Pick<AgentMcpServer, "tokenEnc" | "headersEnc">): Record<string, string> {
  const headers: Record<string, string> = server.headersEnc ? JSON.parse(decryptSecret(server.headersEnc)) : {};
  if (server.tokenEnc) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === "authorization") delete headers[name];
    headers.authorization = `Bearer ${decryptSecret(server.tokenEnc)}`;
  }
  return headers;
}

export const mcpServerResponse = z
  .object({ id: z.string(), name: z.string(), url: z.string(), hasToken: z.boolean(), tokenHint: z.string().nullable(), headerNames: z.array(z.string()), disabledTools: z.array(z.string()), everyoneTools: z.array(z.string()), actingTools: z.array(z.string()) })
  .meta({ id: "McpServer", description: "An MCP tool server of the agent; its token and header values never leave the server." });

/** The API shape of a stored server: never its token or header values. */
export function serializeMcpServer(s: AgentMcpServer) {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    hasToken: s.tokenEnc !== null,
    tokenHint: s.tokenHint,
    headerNames: s.headerNames,
    disabledTools: s.disabledTools,
    everyoneTools: s.everyoneTools,
    actingTools: s.actingTools,
  } satisfies Sent<typeof mcpServerResponse>;
}

export type McpServerDto = ReturnType<typeof serializeMcpServer>;
