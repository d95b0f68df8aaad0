import { randomUUID } from "node:crypto";
import http from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
import { listenLocally } from "../local-server.ts";

// A real MCP server built with the official SDK (Streamable HTTP, stateful sessions), standing in for
// a user's tool server in the tests, the e2e stack and bench:pipeline. Tools: a calculator
// (multiply, add), a slow lookup, one that always fails, one that never answers and one whose answer
// is huge. It checks the bearer token when given one and records every call.

export interface McpFakeCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** The client cancelled the call (MCP notifications/cancelled, or its connection went away). */
  cancelled: boolean;
  finished: boolean;
}

export interface McpFake {
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp */
  url: string;
  calls: McpFakeCall[];
  /** Sessions opened (initialize) and closed (DELETE) by clients. */
  sessions: { opened: number; closed: number };
  /** TCP connections clients opened so far (kept-alive ones are counted once). */
  readonly connections: number;
  /** How long slow_lookup takes (default 1500 ms). */
  setSlowMs(ms: number): void;
  close(): Promise<void>;
}

export async function startMcpFake(opts: { port?: number; token?: string; slowMs?: number } = {}): Promise<McpFake> {
  const calls: McpFakeCall[] = [];
  const sessions = { opened: 0, closed: 0 };
  let slowMs = opts.slowMs ?? 1500;
  const transports = new Map<string, StreamableHTTPServerTransport>();

  const record = (tool: string, args: Record<string, unknown>, signal: AbortSignal): McpFakeCall => {
    const call: McpFakeCall = { tool, arguments: args, cancelled: false, finished: false };
    calls.push(call);
    signal.addEventListener("abort", () => (call.cancelled = true), { once: true });
    return call;
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("cancelled"))), { once: true });
    });
  const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

  const newServer = () => {
    const server = new McpServer({ name: "cohost-test-tools", version: "1.0.0" });
    server.registerTool(
      "multiply",
      { description: "Multiplies two numbers.", inputSchema: { a: z.number().describe("First factor"), b: z.number().describe("Second factor") } },
      async ({ a, b }, extra) => {
        const call = record("multiply", { a, b }, extra.signal);
        call.finished = true;
        return text(String(a * b));
      },
    );
    server.registerTool(
      "add",
      { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }, extra) => {
        const call = record("add", { a, b }, extra.signal);
        call.finished = true;
        return text(String(a + b));
      },
    );
    server.registerTool(
      "slow_lookup",
      { description: "Looks up the status of a ticket in the tracker (takes a while).", inputSchema: { ticket: z.string() } },
      async ({ ticket }, extra) => {
        const call = record("slow_lookup", { ticket }, extra.signal);
        await wait(slowMs, extra.signal);
        call.finished = true;
        return text(`Ticket ${ticket} is in review.`);
      },
    );
    server.registerTool(
      "file_ticket",
      { description: "Files a ticket in the tracker.", inputSchema: { title: z.string() } },
      async ({ title }, extra) => {
        const call = record("file_ticket", { title }, extra.signal);
        call.finished = true;
        return { content: [{ type: "text" as const, text: "The tracker is down: 503 Service Unavailable." }], isError: true };
      },
    );
    server.registerTool("hang", { description: "Never answers." }, async (extra) => {
      record("hang", {}, extra.signal);
      await wait(3_600_000, extra.signal);
      return text("never");
    });
    server.registerTool("big_report", { description: "Returns a very long report." }, async (extra) => {
      const call = record("big_report", {}, extra.signal);
      call.finished = true;
      return text(`Report: ${"lorem ipsum ".repeat(20_000)}`);
    });
    return server;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          resolve(raw ? JSON.parse(raw) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });

  const httpServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/mcp") return void res.writeHead(404).end();
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="tools"' });
      return void res.end(JSON.stringify({ error: "invalid_token" }));
    }
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (!transport) {
      const isInitialize = req.method === "POST" && (body as { method?: string } | undefined)?.method === "initialize";
      if (!isInitialize) {
        res.writeHead(sessionId ? 404 : 400, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "No valid session" }, id: null }));
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.opened++;
          transports.set(id, created);
        },
        onsessionclosed: (id) => {
          sessions.closed++;
          transports.delete(id);
        },
      });
      await newServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  });
  const sockets = new Set<import("node:net").Socket>();
  let connections = 0;
  httpServer.on("connection", (s) => {
    connections++;
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  const port = await listenLocally(httpServer, opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    sessions,
    get connections() {
      return connections;
    },
    setSlowMs: (ms) => (slowMs = ms),
    close: async () => {
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => {})));
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
