import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { POST as testConnection } from "@/app/api/mcp/test/route";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { startMcpFake, type McpFake } from "@/test/fakes/mcp/server";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { validAgent } from "../agents/fixtures";

// An agent's MCP servers through the agent API (secrets encrypted, never returned, kept or dropped
// by the keys' rules) and "Test connection" against a real MCP server that wants a bearer token.

const TOKEN = "mcp-token-SECRET-9876";
let mcp: McpFake;

beforeAll(async () => {
  mcp = await startMcpFake({ token: TOKEN });
});
afterAll(() => mcp.close());
beforeEach(() => {
  process.env.ALLOW_PRIVATE_TOOL_URLS = "1";
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_TOOL_URLS;
});

const server = (over: Record<string, unknown> = {}) => ({ name: "Tracker", url: mcp.url, bearerToken: TOKEN, headers: { "X-Team": "team-secret-42" }, ...over });

async function agentWith(servers: unknown[]) {
  const owner = await createUser();
  const res = await call(create, { body: validAgent({ mcpServers: servers }), headers: owner.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, agent: res.body };
}

describe("MCP servers on an agent", () => {
  it("are saved with the token and headers encrypted, and never returned: only a hint and the header names", async () => {
    const { agent } = await agentWith([server(), { name: "Calendar", url: "https://tools.example.com/mcp", disabledTools: ["delete_event", "delete_event"], everyoneTools: ["free_busy"], actingTools: ["book", "book"] }]);
    expect(agent.mcpServers).toEqual([
      { id: expect.any(String), name: "Tracker", url: mcp.url, hasToken: true, tokenHint: "mcp-…9876", headerNames: ["X-Team"], disabledTools: [], everyoneTools: [], actingTools: [] },
      { id: expect.any(String), name: "Calendar", url: "https://tools.example.com/mcp", hasToken: false, tokenHint: null, headerNames: [], disabledTools: ["delete_event"], everyoneTools: ["free_busy"], actingTools: ["book"] },
    ]);
    // Built-in tools: the defaults (docs/tools.md, "Who may use which tool").
    expect(agent.builtinTools).toEqual({ add_note: "everyone", add_action_item: "everyone", current_time: "everyone", upcoming_meetings: "owner", leave_meeting: "owner" });
    expect(JSON.stringify(agent)).not.toContain(TOKEN);
    expect(JSON.stringify(agent)).not.toContain("team-secret-42");
    expect(agent).toMatchObject({ timeZone: "UTC", summaries: true });
    const [stored] = await db.agentMcpServer.findMany({ where: { agentId: agent.id }, orderBy: { position: "asc" } });
    expect(stored.tokenEnc).toMatch(/^v1:/);
    expect(decryptSecret(stored.tokenEnc!)).toBe(TOKEN);
    expect(JSON.parse(decryptSecret(stored.headersEnc!))).toEqual({ "X-Team": "team-secret-42" });
  });

  it("an update keeps what it does not name, clears with \"\", and drops secrets when a server moves to another origin", async () => {
    const { owner, agent } = await agentWith([server(), server({ name: "Old", url: "https://old.example.com/mcp" })]);
    const [tracker, old] = agent.mcpServers;
    const put = (body: unknown) => call(update, { method: "PUT", body, headers: owner.headers, params: { id: agent.id } });

    expect((await put({ name: "Renamed" })).body.mcpServers).toHaveLength(2);
    const kept = await put({ mcpServers: [{ id: tracker.id, name: "Tracker", url: mcp.url }, { id: old.id, name: "Old", url: "https://elsewhere.example.com/mcp" }, { name: "New", url: "https://new.example.com/mcp" }] });
    expect(kept.status).toBe(200);
    expect(kept.body.mcpServers).toEqual([
      expect.objectContaining({ id: tracker.id, hasToken: true, headerNames: ["X-Team"] }),
      expect.objectContaining({ id: old.id, hasToken: false, headerNames: [] }),
      expect.objectContaining({ name: "New", hasToken: false }),
    ]);
    const cleared = await put({ mcpServers: [{ id: tracker.id, name: "Tracker", url: mcp.url, bearerToken: "", headers: {} }] });
    expect(cleared.body.mcpServers).toEqual([expect.objectContaining({ id: tracker.id, hasToken: false, tokenHint: null, headerNames: [] })]);
    expect(await db.agentMcpServer.count({ where: { agentId: agent.id } })).toBe(1);
    expect((await call(getOne, { headers: owner.headers, params: { id: agent.id } })).body.mcpServers).toHaveLength(1);
  });

  it.each([
    [{ url: "ftp://tools.example.com" }, "mcpServers.0.url", "Enter the server's http(s) address"],
    [{ url: "https://user:pw@tools.example.com/mcp" }, "mcpServers.0.url", "Put credentials in the token or headers, not in the address"],
    [{ headers: { "Mcp-Session-Id": "x" } }, "mcpServers.0.headers.Mcp-Session-Id", 'The "Mcp-Session-Id" header is set by Cohost'],
    [{ headers: { "Bad Header": "x" } }, "mcpServers.0.headers.Bad Header", '"Bad Header" is not a valid header name'],
    [{ headers: { "X-A": "one\r\nX-B: two" } }, "mcpServers.0.headers.X-A", 'The value of "X-A" must be on one line'],
    [{ name: "" }, "mcpServers.0.name", "Give the server a name"],
  ])("refuses a bad server (%j) with a field message, saving nothing", async (over, path, message) => {
    const owner = await createUser();
    const res = await call(create, { body: validAgent({ name: "Refused", mcpServers: [server(over)] }), headers: owner.headers });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await db.agent.count({ where: { userId: owner.user.id } })).toBe(0);
  });

  it("refuses two servers of one name, more than ten, a private address (unless allowed), another agent's server id and an unknown time zone", async () => {
    const { owner, agent } = await agentWith([]);
    const other = await agentWith([server()]);
    const put = (body: unknown) => call(update, { method: "PUT", body, headers: owner.headers, params: { id: agent.id } });
    expect((await put({ mcpServers: [server(), server()] })).body.issues).toContainEqual({ path: "mcpServers.1.name", message: 'Two tool servers are named "Tracker"' });
    expect((await put({ mcpServers: Array.from({ length: 11 }, (_, i) => server({ name: `S${i}` })) })).body.issues).toContainEqual({ path: "mcpServers", message: "At most 10 tool servers" });
    delete process.env.ALLOW_PRIVATE_TOOL_URLS;
    expect((await put({ mcpServers: [server()] })).body.issues).toContainEqual({ path: "mcpServers.0.url", message: "The address must not point to a private network address" });
    process.env.ALLOW_PRIVATE_TOOL_URLS = "1";
    const stolen = await put({ mcpServers: [{ id: other.agent.mcpServers[0].id, name: "Tracker", url: mcp.url }] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.issues).toEqual([{ path: "mcpServers.0.id", message: "This tool server no longer exists; reload the page" }]);
    expect(await db.agentMcpServer.count({ where: { agentId: agent.id } })).toBe(0);
    expect((await db.agentMcpServer.findFirstOrThrow({ where: { agentId: other.agent.id } })).tokenEnc).not.toBeNull();
    expect((await put({ timeZone: "Mars/Olympus" })).body.issues).toEqual([{ path: "timeZone", message: "Unknown time zone: Mars/Olympus" }]);
    expect((await put({ timeZone: "europe/berlin" })).body.timeZone).toBe("Europe/Berlin");
  });
});

describe("Test connection (POST /api/mcp/test)", () => {
  it("connects with the typed token and lists the server's tools", async () => {
    const { headers } = await createUser();
    const res = await call(testConnection, { body: { url: mcp.url, bearerToken: TOKEN }, headers });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.tools.map((t: { name: string }) => t.name)).toEqual(["multiply", "add", "slow_lookup", "file_ticket", "hang", "big_report"]);
    expect(res.body.tools[0]).toEqual({ name: "multiply", description: "Multiplies two numbers." });
    expect(mcp.sessions.opened).toBe(mcp.sessions.closed);
  });

  it("says what is wrong: a refused token, nothing listening, a private address", async () => {
    const { headers } = await createUser();
    expect((await call(testConnection, { body: { url: mcp.url, bearerToken: "wrong" }, headers })).body).toEqual({ ok: false, message: "The server refused the credentials (401)" });
    expect((await call(testConnection, { body: { url: "http://127.0.0.1:9/mcp" }, headers })).body).toEqual({ ok: false, message: "Could not reach the server" });
    delete process.env.ALLOW_PRIVATE_TOOL_URLS;
    const refused = await call(testConnection, { body: { url: mcp.url }, headers });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The address must not point to a private network address");
  });

  it("uses a stored server's token (edit form) only for its own origin, and only the owner's", async () => {
    const { owner, agent } = await agentWith([server()]);
    const stored = { agentId: agent.id, serverId: agent.mcpServers[0].id };
    expect((await call(testConnection, { body: { url: mcp.url, ...stored }, headers: owner.headers })).body.ok).toBe(true);
    const moved = mcp.url.replace("127.0.0.1", "localhost");
    expect((await call(testConnection, { body: { url: moved, ...stored }, headers: owner.headers })).body).toEqual({ ok: false, message: "The server refused the credentials (401)" });
    const stranger = await createUser();
    expect((await call(testConnection, { body: { url: mcp.url, ...stored }, headers: stranger.headers })).status).toBe(404);
  });

  it("built-in tools take an audience each, kept when an update leaves them out; leave_meeting is never for everyone, and unknown tools are named", async () => {
    const owner = await createUser();
    const res = await call(create, { body: validAgent({ builtinTools: { upcoming_meetings: "off", current_time: "owner" } }), headers: owner.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.builtinTools).toMatchObject({ upcoming_meetings: "off", current_time: "owner", leave_meeting: "owner" });
    // An update that leaves builtinTools out keeps the choices; one that gives them replaces them.
    const put = (body: unknown) => call(update, { method: "PUT", body, headers: owner.headers, params: { id: res.body.id } });
    expect((await put(validAgent({ name: "Renamed" }))).body.builtinTools).toMatchObject({ upcoming_meetings: "off", current_time: "owner" });
    expect((await put(validAgent({ builtinTools: { add_note: "off" } }))).body.builtinTools).toEqual({ add_note: "off", add_action_item: "everyone", current_time: "everyone", upcoming_meetings: "owner", leave_meeting: "owner" });
    const refused = await call(create, { body: validAgent({ builtinTools: { leave_meeting: "everyone", made_up: "owner" } }), headers: owner.headers });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { path: "builtinTools.leave_meeting", message: "leave_meeting can be for the owner only, or off" },
      { path: "builtinTools.made_up", message: "There is no built-in tool named made_up (they are add_note, add_action_item, current_time, upcoming_meetings, leave_meeting)" },
    ]);
  });
});
