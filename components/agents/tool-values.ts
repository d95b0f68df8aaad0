import type { Agent } from "@/lib/client/use-agents";

type StoredServer = Agent["mcpServers"][number];

/** One MCP server as the agent form edits it (docs/tools.md). */
export interface McpServerValues {
  /** React's key for the row (stored servers use their id). */
  key: string;
  /** The stored server this row edits; none for a new one. */
  stored: StoredServer | null;
  name: string;
  url: string;
  /** A newly typed token; empty keeps the stored one. */
  bearerToken: string;
  clearToken: boolean;
  /** Newly typed headers, one "Name: value" a line; empty keeps the stored ones. */
  headersText: string;
  clearHeaders: boolean;
  disabledTools: string[];
  /** Tools open to everyone in the meeting; the others are the owner's only (docs/tools.md). */
  everyoneTools: string[];
  /** Tools that act (send, book, delete). */
  actingTools: string[];
}

let counter = 0;

export function storedServerValues(s: StoredServer): McpServerValues {
  return { key: s.id, stored: s, name: s.name, url: s.url, bearerToken: "", clearToken: false, headersText: "", clearHeaders: false, disabledTools: [...s.disabledTools], everyoneTools: [...s.everyoneTools], actingTools: [...s.actingTools] };
}

export function newServerValues(): McpServerValues {
  return { key: `new-${++counter}`, stored: null, name: "", url: "", bearerToken: "", clearToken: false, headersText: "", clearHeaders: false, disabledTools: [], everyoneTools: [], actingTools: [] };
}

/** "Name: value" lines as headers; null when a non-empty line has no name and colon. */
export function parseHeaderLines(text: string): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Whether the stored token and headers would still be sent: a server moved to another origin loses them. */
export function keepsSecrets(s: McpServerValues): boolean {
  if (!s.stored) return false;
  try {
    return new URL(s.stored.url).origin === new URL(s.url.trim()).origin;
  } catch {
    return false;
  }
}

/** The server as the agent API takes it: secrets only when typed or cleared (the keys' rule). */
export function serverRequest(s: McpServerValues): Record<string, unknown> {
  const body: Record<string, unknown> = { name: s.name.trim(), url: s.url.trim(), disabledTools: s.disabledTools, everyoneTools: s.everyoneTools, actingTools: s.actingTools };
  if (s.stored) body.id = s.stored.id;
  if (s.bearerToken.trim()) body.bearerToken = s.bearerToken.trim();
  else if (s.clearToken) body.bearerToken = "";
  const headers = s.headersText.trim() ? parseHeaderLines(s.headersText) : null;
  if (headers) body.headers = headers;
  else if (s.clearHeaders) body.headers = {};
  return body;
}

/** What "Test connection" sends: the typed secrets, else the stored server's (the server uses them for its own origin only). */
export function testRequest(s: McpServerValues, agentId: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { url: s.url.trim() };
  if (s.bearerToken.trim()) body.bearerToken = s.bearerToken.trim();
  else if (s.clearToken) body.bearerToken = "";
  const headers = s.headersText.trim() ? parseHeaderLines(s.headersText) : null;
  if (headers) body.headers = headers;
  else if (s.clearHeaders) body.headers = {};
  if (s.stored && agentId) Object.assign(body, { agentId, serverId: s.stored.id });
  return body;
}

/** A tool's audience as the form shows it: off (switched off), everyone, or the owner only. */
export function toolAudience(s: McpServerValues, tool: string): "owner" | "everyone" | "off" {
  return s.disabledTools.includes(tool) ? "off" : s.everyoneTools.includes(tool) ? "everyone" : "owner";
}

/** The server with `tool` given to `audience` (one list at most holds it). */
export function withToolAudience(s: McpServerValues, tool: string, audience: "owner" | "everyone" | "off"): McpServerValues {
  const without = (list: string[]) => list.filter((n) => n !== tool);
  return {
    ...s,
    disabledTools: audience === "off" ? [...without(s.disabledTools), tool] : without(s.disabledTools),
    everyoneTools: audience === "everyone" ? [...without(s.everyoneTools), tool] : without(s.everyoneTools),
  };
}

/** The server with `tool` marked as acting, or not. */
export function withActing(s: McpServerValues, tool: string, acts: boolean): McpServerValues {
  const without = s.actingTools.filter((n) => n !== tool);
  return { ...s, actingTools: acts ? [...without, tool] : without };
}
