import { z } from "zod";
import { isPrivateHostname } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";

// An agent's MCP servers as the agent API takes them (docs/tools.md). Secrets follow the keys' rule:
// an omitted `bearerToken`/`headers` keeps what is stored, "" (or {}) clears it, a value replaces it.

export const MAX_MCP_SERVERS = 10;
const MAX_HEADERS = 20;
/** HTTP's token characters: what a header name may contain. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/** Headers the MCP transport sets itself, or that would break the request. */
const RESERVED_HEADERS = new Set(["host", "content-length", "content-type", "accept", "connection", "transfer-encoding", "mcp-session-id", "mcp-protocol-version", "last-event-id"]);

/** Why a tool server's address cannot be used, or null: http(s), no credentials in it, no internal host. */
export function mcpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter the server's http(s) address";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Enter the server's http(s) address";
  if (url.username || url.password) return "Put credentials in the token or headers, not in the address";
  if (!privateUrlsAllowed("tool") && isPrivateHostname(url.hostname)) return "The address must not point to a private network address";
  return null;
}

export const mcpUrlSchema = z
  .string({ error: "Enter the server's http(s) address" })
  .trim()
  .min(1, "Enter the server's http(s) address")
  .max(2000, "The address must be at most 2000 characters")
  .superRefine((value, ctx) => {
    const problem = mcpUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const mcpTokenSchema = z.string({ error: "The token must be text" }).trim().max(4000, "The token must be at most 4000 characters").optional();

export const mcpHeadersSchema = z
  .record(z.string(), z.string({ error: "Header values must be text" }).max(4000, "Header values must be at most 4000 characters"), { error: "Headers must be an object of names and values" })
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_HEADERS) ctx.addIssue({ code: "custom", message: `At most ${MAX_HEADERS} headers` });
    const seen = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name)) ctx.addIssue({ code: "custom", path: [name], message: `"${name}" is not a valid header name` });
      else if (RESERVED_HEADERS.has(lower)) ctx.addIssue({ code: "custom", path: [name], message: `The "${name}" header is set by Cohost` });
      else if (seen.has(lower)) ctx.addIssue({ code: "custom", path: [name], message: `"${name}" is given twice` });
      seen.add(lower);
      if (/[\r\n\0]/.test(headers[name])) ctx.addIssue({ code: "custom", path: [name], message: `The value of "${name}" must be on one line` });
    }
  })
  .optional();

export const mcpServerInputSchema = z.object(
  {
    /** A stored server of this agent (its secrets are kept unless given anew). */
    id: z.string().max(40).optional(),
    name: z.string({ error: "Give the server a name" }).trim().min(1, "Give the server a name").max(60, "The name must be at most 60 characters"),
    url: mcpUrlSchema,
    bearerToken: mcpTokenSchema,
    headers: mcpHeadersSchema,
    disabledTools: z.array(z.string().max(200), { error: "Switched-off tools must be a list of names" }).max(200, "At most 200 switched-off tools").default([]),
    // Who may use which tool (docs/tools.md): a tool not listed here is the owner's only.
    everyoneTools: z.array(z.string().max(200), { error: "Tools for everyone must be a list of names" }).max(200, "At most 200 tools for everyone").default([]),
    // Tools that act (send, book, delete): run only when the person asked in their own words.
    actingTools: z.array(z.string().max(200), { error: "Tools that act must be a list of names" }).max(200, "At most 200 tools that act").default([]),
  },
  { error: "Each tool server must be an object" },
);

export type McpServerInput = z.infer<typeof mcpServerInputSchema>;

export const mcpServersSchema = z
  .array(mcpServerInputSchema, { error: "Tool servers must be a list" })
  .max(MAX_MCP_SERVERS, `At most ${MAX_MCP_SERVERS} tool servers`)
  .superRefine((servers, ctx) => {
    const names = new Set<string>();
    servers.forEach((s, i) => {
      const key = s.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `Two tool servers are named "${s.name}"` });
      names.add(key);
    });
  });
