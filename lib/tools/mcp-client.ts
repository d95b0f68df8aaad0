import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { PrivateAddressError } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";
import { webFetch } from "../net/web-fetch.ts";

// One agent's connection to one MCP server, over Streamable HTTP with the official SDK client
// (docs/tools.md). Every request is bounded; answers are reduced to what a voice agent can use: the
// text of a tool's result.

/** What the agent stores about a server, with its secrets decrypted for this connection. */
export interface McpServerTarget {
  url: string;
  /** Extra headers, the bearer token among them as Authorization. */
  headers: Record<string, string>;
}

export interface McpTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (always an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface McpConnection {
  readonly tools: McpTool[];
  /** Calls a tool; rejects with McpProblem on transport or protocol failure, resolves tool errors as `isError`. */
  callTool(name: string, args: Record<string, unknown>, opts: { signal: AbortSignal; timeoutMs: number }): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

/** A failure to reach or use a server, in words a user can act on. */
export class McpProblem extends Error {
  readonly kind: "unreachable" | "refused" | "private_address" | "timeout" | "protocol";
  constructor(kind: McpProblem["kind"], message: string) {
    super(message);
    this.name = "McpProblem";
    this.kind = kind;
  }
}

/** A server may expose many tools; a voice agent's model gets at most this many from one server. */
const MAX_TOOLS = 64;
/** Pages of tools/list followed before giving up on the rest. */
const MAX_LIST_PAGES = 5;
/** The largest response body we read from a tool server (one JSON-RPC answer, or one SSE stream). */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Connects (MCP initialize) and lists the server's tools; everything within `timeoutMs`. */
export async function connectMcpServer(target: McpServerTarget, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<McpConnection> {
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    // Through lib/net's pool: a meeting's tool calls reuse the connection its session opened. node:http
    // follows no redirects; the SDK follows same-origin ones itself.
    fetch: webFetch({ guarded: !privateUrlsAllowed("tool"), userAgent: "Cohost tools", maxBytes: MAX_RESPONSE_BYTES, peer: "tool server" }),
    requestInit: { headers: target.headers },
    // A dropped listening stream is retried a few times, then the calls themselves report the problem.
    reconnectionOptions: { initialReconnectionDelay: 500, maxReconnectionDelay: 5000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
  });
  const client = new Client({ name: "Cohost", version: "1.0.0" }, { capabilities: {} });
  // Transport errors also reject the request that met them; this only keeps them off the console.
  client.onerror = () => {};
  const request = { timeout: opts.timeoutMs, maxTotalTimeout: opts.timeoutMs, signal: opts.signal };
  try {
    await client.connect(transport, request);
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES && tools.length < MAX_TOOLS; page++) {
      const listed = await client.listTools(cursor ? { cursor } : {}, request);
      tools.push(...listed.tools.map(toTool));
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return {
      tools: tools.slice(0, MAX_TOOLS),
      async callTool(name, args, call) {
        try {
          const result = (await client.callTool({ name, arguments: args }, undefined, { signal: call.signal, timeout: call.timeoutMs, maxTotalTimeout: call.timeoutMs })) as CallToolResult;
          return { text: resultText(result), isError: result.isError === true };
        } catch (err) {
          throw asProblem(err);
        }
      },
      close: () => closeQuietly(client, transport),
    };
  } catch (err) {
    await closeQuietly(client, transport);
    throw asProblem(err);
  }
}

function toTool(t: Tool): McpTool {
  const schema = (t.inputSchema ?? { type: "object" }) as Record<string, unknown>;
  return { name: t.name, description: (t.description ?? t.title ?? "").trim(), inputSchema: { ...schema, type: "object" } };
}

/** The result as text for the model: text parts in order, else the structured content as JSON; media is named, not sent. */
function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((c) => {
    switch (c.type) {
      case "text":
        return c.text;
      case "resource":
        return "text" in c.resource ? c.resource.text : `[resource ${c.resource.uri}]`;
      case "resource_link":
        return `[resource ${c.uri}]`;
      default:
        return `[${c.type}]`;
    }
  });
  if (parts.some((p) => p.trim()) || !result.structuredContent) return parts.join("\n");
  return JSON.stringify(result.structuredContent);
}

/** Ends the session (DELETE when the server keeps one) and the transport, within a second. */
async function closeQuietly(client: Client, transport: StreamableHTTPClientTransport): Promise<void> {
  const bounded = <T>(p: Promise<T>) => Promise.race([p.catch(() => {}), new Promise<void>((resolve) => setTimeout(resolve, 1000).unref())]);
  if (transport.sessionId) await bounded(transport.terminateSession());
  await bounded(client.close());
}

function asProblem(err: unknown): McpProblem {
  if (err instanceof McpProblem) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (err instanceof PrivateAddressError || cause instanceof PrivateAddressError) return new McpProblem("private_address", "The server's address is in a private network");
  if (err instanceof StreamableHTTPError && err.code !== undefined && err.code > 0) {
    if (err.code === 401 || err.code === 403) return new McpProblem("refused", `The server refused the credentials (${err.code})`);
    return new McpProblem("unreachable", `The server answered with an error (${err.code})`);
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return new McpProblem("timeout", "The server did not answer in time");
    return new McpProblem("protocol", `The server answered with an error: ${err.message.replace(/^MCP error -?\d+: /, "")}`);
  }
  const message = `${(err as Error)?.message ?? err} ${(cause as Error)?.message ?? ""}`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|socket hang up/i.test(message)) return new McpProblem("unreachable", "Could not reach the server");
  return new McpProblem("protocol", `The server did not answer as an MCP server: ${String((err as Error)?.message ?? err).slice(0, 200)}`);
}
