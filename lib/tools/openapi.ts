import type { Operation } from "../contract/operation.ts";
import { mcpTestResultResponse, mcpTestSchema } from "./test-mcp-server.ts";

// An agent's MCP tool servers: "Test connection" before saving one.

export const TOOL_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/mcp/test", operationId: "testMcpServer", tag: "Agents", summary: "Test connection: connect to an MCP tool server and list its tools", auth: "user", body: mcpTestSchema, responses: { 200: mcpTestResultResponse } },
];
