import { describe, expect, it } from "vitest";
import { keepsSecrets, newServerValues, parseHeaderLines, serverRequest, storedServerValues, testRequest } from "./tool-values";

const stored = { id: "srv1", name: "Tracker", url: "https://tools.example.com/mcp", hasToken: true, tokenHint: "tok…1234", headerNames: ["X-Team"], disabledTools: ["delete"] };

describe("tool server form values", () => {
  it("reads headers as one \"Name: value\" a line, and refuses a line without a name", () => {
    expect(parseHeaderLines("X-Team: blue\n\n  X-Env :  prod  ")).toEqual({ "X-Team": "blue", "X-Env": "prod" });
    expect(parseHeaderLines("X-Url: https://a.example/x:1")).toEqual({ "X-Url": "https://a.example/x:1" });
    expect(parseHeaderLines("just text")).toBeNull();
    expect(parseHeaderLines(": no name")).toBeNull();
  });

  it("sends secrets only when typed or cleared (the keys' rule), and the stored id", () => {
    const kept = storedServerValues(stored);
    expect(serverRequest(kept)).toEqual({ id: "srv1", name: "Tracker", url: "https://tools.example.com/mcp", disabledTools: ["delete"] });
    expect(serverRequest({ ...kept, bearerToken: " new-token ", headersText: "X-Team: red" })).toMatchObject({ bearerToken: "new-token", headers: { "X-Team": "red" } });
    expect(serverRequest({ ...kept, clearToken: true, clearHeaders: true })).toMatchObject({ bearerToken: "", headers: {} });
    expect(serverRequest({ ...newServerValues(), name: " New ", url: " https://x.example/mcp " })).toEqual({ name: "New", url: "https://x.example/mcp", disabledTools: [] });
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
});
