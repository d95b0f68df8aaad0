import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createKey } from "@/app/api/api-keys/route";
import { POST as create } from "@/app/api/agents/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { POST as models } from "@/app/api/providers/[kind]/[providerId]/models/route";
import { POST as preview } from "@/app/api/providers/[kind]/[providerId]/preview/route";
import { validAgent } from "@/test/agents/fixtures";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { closeNow, listenLocally } from "@/test/fakes/local-server";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// docs/security.md "Secrets and streams": a stored provider key goes only to the origin it was saved
// for. "Test key", the model list and the voice preview accept `agentId` (use the stored key) with a
// caller-chosen `baseUrl`; a full-scope API key must not be able to send the stored key elsewhere.

const fakes = voiceFakesForFile({ providersEnv: true });

// The "evil" host: answers anything with 200, and remembers every request and what it carried.
const evil: { path: string; authorization?: string }[] = [];
const evilServer = http.createServer((req, res) => {
  evil.push({ path: req.url ?? "", authorization: req.headers.authorization });
  res.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
});
evilServer.on("upgrade", (req, socket) => {
  evil.push({ path: req.url ?? "", authorization: req.headers.authorization });
  socket.destroy();
});
let evilBase = "";

beforeAll(async () => {
  evilBase = `http://localhost:${await listenLocally(evilServer)}/v1`;
});
afterAll(() => closeNow(evilServer));

describe("a stored provider key", () => {
  it("is never sent to another origin by Test key, the model list or the voice preview, even with a full-scope API key", async () => {
    const owner = await createUser();
    const agent = (
      await call(create, {
        headers: owner.headers,
        body: validAgent({
          aiProviderId: "openai-compatible", aiApiKey: fakes.validKey, aiExtraParams: { baseUrl: fakes.compatibleBaseUrl, model: "fake-model" },
          ttsProviderId: "openai-compatible", ttsApiKey: fakes.validKey, ttsExtraParams: { baseUrl: fakes.compatibleBaseUrl, model: "tts-1", voice: "alloy" },
        }),
      })
    ).body;
    expect(agent.id).toEqual(expect.any(String));
    const keyRes = await call(createKey, { headers: owner.headers, body: { name: "CI", scope: "full" } });
    const auth = { authorization: `Bearer ${keyRes.body.key}`, "content-type": "application/json" };

    const routes = [
      ["verify", verify, "ai"],
      ["models", models, "ai"],
      ["verify", verify, "tts"],
      ["preview", preview, "tts"],
    ] as const;
    for (const [name, route, kind] of routes) {
      const res = await call(route, { headers: auth, params: { kind, providerId: "openai-compatible" }, body: { agentId: agent.id, extraParams: { baseUrl: evilBase } } });
      expect(res.status, `${name} ${kind}`).toBe(400);
      expect(res.body.issues, `${name} ${kind}`).toEqual([{ path: "extraParams.baseUrl", message: "The stored key is sent only to the address it was saved for; enter the key to test another address" }]);
      // Same host, another port is another origin too; so is another scheme.
      const port = await call(route, { headers: auth, params: { kind, providerId: "openai-compatible" }, body: { agentId: agent.id, extraParams: { baseUrl: fakes.compatibleBaseUrl.replace(/:(\d+)/, (_m, p) => `:${Number(p) + 1}`) } } });
      expect(port.status, `${name} ${kind} port`).toBe(400);
    }
    expect(evil).toEqual([]);

    // The fence: the same calls towards the stored origin (another path on it) do reach the provider with the key.
    const before = fakes.requests.length;
    const ok = await call(verify, { headers: auth, params: { kind: "ai", providerId: "openai-compatible" }, body: { agentId: agent.id, extraParams: { baseUrl: `${fakes.compatibleBaseUrl}/` } } });
    expect(ok.body).toMatchObject({ status: "valid" });
    const spoken = await call(preview, { headers: auth, params: { kind: "tts", providerId: "openai-compatible" }, body: { agentId: agent.id, extraParams: { baseUrl: fakes.compatibleBaseUrl, model: "tts-1" } } });
    expect(spoken.status).toBe(200);
    expect(fakes.requests.length).toBeGreaterThan(before);
    // A typed key may go anywhere the caller likes: it is the caller's own.
    const typed = await call(verify, { headers: auth, params: { kind: "ai", providerId: "openai-compatible" }, body: { apiKey: "typed-key-000000", extraParams: { baseUrl: evilBase } } });
    expect(typed.body.status).toBe("valid");
    expect(evil.map((e) => e.authorization)).toEqual(["Bearer typed-key-000000"]);
  });
});
