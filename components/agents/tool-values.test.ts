import { describe, expect, it } from "vitest";
import { keepsSecrets, newServerValues, parseHeaderLines, serverRequest, storedServerValues, testRequest, toolAudience, withActing, withToolAudience } from "./tool-values";

const stored = { id: "srv1", name: "Tracker", url: "https://tools.example.com/mcp", hasToken: true, tokenHint: "tok…1234", headerNames: ["X-Team"], disabledTools: ["delete"], everyoneTools: ["lookup"], actingTools: ["send"] };

describe("tool server form values", () => {
  it("reads headers as one \"Name: value\" a line, and refuses a line without a name", () => {
    expect(parseHeaderLines("X-Team: blue\n\n  X-Env :  prod  ")).toEqual({ "X-Team": "blue", "X-Env": "prod" });
    expect(parseHeaderLines("X-Url: https://a.example/x:1")).toEqual({ "X-Url": "https://a.example/x:1" });
    expect(parseHeaderLines("just text")).toBeNull();
    expect(parseHeaderLines(": no name")).toBeNull();
  });

  it("sends secrets only when typed or cleared (the keys' rule), and the stored id", () => {
    const kept = storedServerValues(stored);
    expect(serverRequest(kept)).toEqual({ id: "srv1", name: "Tracker", url: "https://tools.example.com/mcp", disabledTools: ["delete"], everyoneTools: ["lookup"], actingTools: ["send"] });
    expect(serverRequest({ ...kept, bearerToken: " new-token ", headersText: "X-Team: red" })).toMatchObject({ bearerToken: "new-token", headers: { "X-Team": "red" } });
    expect(serverRequest({ ...kept, clearToken: true, clearHeaders: true })).toMatchObject({ bearerToken: "", headers: {} });
    expect(serverRequest({ ...newServerValues(), name: " New ", url: " https://x.example/mcp " })).toEqual({ name: "New", url: "https://x.example/mcp", disabledTools: [], everyoneTools: [], actingTools: [] });
  });

  it("stored secrets stay with their origin; Test connection names the stored server so the server can use them", () => {
    const kept = storedServerValues(stored);
    expect(keepsSecrets(kept)).toBe(true);
    expect(keepsSecrets({ ...kept, url: "https://tools.example.com/other" })).toBe(true);
    expect(keepsSecrets({ ...kept, url: "https://evil.example.com/mcp" })).toBe(false);
    expect(keepsSecrets({ ...kept, url: "not a url" })).toBe(false);
    expect(testRequest(kept, "agent1")).toEqual({ url: "https://tools.example.com/mcp", agentId: "agent1", serverId: "srv1" });
    expect(testRequest({ ...newServerValues(), url: "https://x.example/mcp", bearerToken: "t" }, undefined)).toEqual({ url: "https://x.example/mcp", bearerToken: "t" });
  });

  it("each tool is the owner's unless opened to everyone or switched off; acting is marked beside it", () => {
    const kept = storedServerValues(stored);
    expect([toolAudience(kept, "lookup"), toolAudience(kept, "delete"), toolAudience(kept, "crm")]).toEqual(["everyone", "off", "owner"]);
    const moved = withToolAudience(withToolAudience(kept, "lookup", "off"), "delete", "owner");
    expect([moved.disabledTools, moved.everyoneTools]).toEqual([["lookup"], []]);
    expect(withToolAudience(kept, "crm", "everyone").everyoneTools).toEqual(["lookup", "crm"]);
    expect(withActing(withActing(kept, "send", false), "book", true).actingTools).toEqual(["book"]);
  });
});
