import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { PROVIDER_CATALOGUE, type CatalogueEntry, type ExtraParamSpec } from "@/lib/providers/catalogue";
import { createProviders } from "@/lib/voice/providers/create-providers";
import { httpFailure } from "@/lib/voice/providers/errors";
import { send } from "@/lib/voice/providers/http";
import { openSocket } from "@/lib/voice/providers/ws";
import { ProviderError, type ProviderConfig } from "@/lib/voice/types";
import { collect, openReady, providerConfig, useVoiceFakes, utterance } from "./support";

const ctx = useVoiceFakes();
const other = { stt: providerConfig("stt", "deepgram", "k"), ai: providerConfig("ai", "openai", "k"), tts: providerConfig("tts", "openai", "k") };

/** A value for a parameter that is not its default and easy to find in a request. */
function distinctive(entry: CatalogueEntry, spec: ExtraParamSpec): string | number | boolean | undefined {
  if (spec.name === "baseUrl") return undefined;
  if (spec.name === "model") return entry.models.find((m) => m !== entry.defaultModel && !m.startsWith("flux")) ?? "fake-model-x";
  if (spec.options) return spec.options.find((o) => o !== spec.default);
  if (spec.type === "boolean") return !spec.default;
  if (spec.type === "number") {
    const min = spec.min ?? 0;
    const max = spec.max ?? 100;
    const value = min + (max - min) * 0.4321;
    return max - min >= 100 ? Math.round(value) : Math.round(value * 1000) / 1000;
  }
  return `cohost-${spec.name}`;
}

/** Everything the client told the fake: path, query, body, multipart fields, socket messages. */
function wire(provider: string): string {
  return JSON.stringify(ctx.fakes.requests.filter((r) => r.provider === provider).map((r) => [r.path, r.query, Buffer.isBuffer(r.body) ? null : r.body, r.fields, r.messages]));
}

async function exercise(entry: CatalogueEntry, config: ProviderConfig): Promise<void> {
  const providers = createProviders({ ...other, [entry.kind]: config }, ctx.options);
  if (entry.kind === "stt") {
    const stream = await openReady(providers.stt);
    for (const frame of utterance(400, 100)) stream.push(frame);
    stream.finalize();
    await stream.close();
  } else if (entry.kind === "ai") {
    await collect(providers.ai.chat([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi." }], new AbortController().signal));
  } else {
    const stream = providers.tts.open(new AbortController().signal);
    stream.pushText("Hello there, everyone.");
    stream.end();
    await collect(stream.audio);
  }
  providers.close();
}

describe("createProviders", () => {
  // A guard for the catalogue: a parameter added there without an adapter that sends it fails here.
  // Booleans keep their defaults (they switch other parameters on and off; their own tests cover them);
  // the model is checked on its own run, since some parameters only apply to the default model.
  it.each(PROVIDER_CATALOGUE.map((e) => [`${e.kind}/${e.id}`, e] as const))("%s: works end to end against its fake, and every extra parameter reaches the request", async (_label, entry) => {
    const base: Record<string, unknown> = entry.baseUrl === null ? { baseUrl: ctx.fakes.compatibleBaseUrl, model: "fake-model-x" } : {};
    const prefix = entry.baseUrl === null ? "openai-compatible" : entry.id;
    const runs: Record<string, unknown>[] = [{ model: distinctive(entry, { name: "model", type: "string", description: "" }) }, {}];
    for (const spec of entry.extraParams) {
      const value = distinctive(entry, spec);
      if (value === undefined || spec.name === "model" || spec.type === "boolean") continue;
      runs[1][spec.name] = value;
    }
    for (const run of runs) {
      ctx.fakes.reset();
      await exercise(entry, providerConfig(entry.kind, entry.id, ctx.fakes.validKey, { ...base, ...run }));
      const sent = wire(prefix);
      for (const [name, value] of Object.entries(run)) {
        const needle = String(value);
        expect(sent.includes(needle) || sent.includes(encodeURIComponent(needle)), `${entry.kind}/${entry.id}: "${name}" = ${needle} not in ${sent.slice(0, 600)}`).toBe(true);
      }
    }
  });

  it("refuses a provider without an adapter, and an OpenAI-compatible entry without a usable base URL", () => {
    expect(() => createProviders({ ...other, ai: { providerId: "mistral", apiKey: "k", model: "mistral-small", language: "en", extra: {} } })).toThrow(expect.objectContaining({ kind: "bad_request", providerKind: "ai", providerId: "mistral" }));
    expect(() => createProviders({ ...other, tts: providerConfig("tts", "openai-compatible", "k") })).toThrow(
      expect.objectContaining({ kind: "bad_request", message: 'OpenAI-compatible text-to-speech refused the request: "baseUrl" is required' }),
    );
    expect(() => createProviders({ ...other, ai: { ...providerConfig("ai", "openai-compatible", "k"), extra: { baseUrl: "ftp://models.example.com" } } })).toThrow(
      expect.objectContaining({ message: 'OpenAI-compatible AI refused the request: "baseUrl" must be an http(s) URL' }),
    );
  });

  it("PROVIDER_BASE_URL_<ID> moves a provider's host", async () => {
    vi.stubEnv("PROVIDER_BASE_URL_ANTHROPIC", `${ctx.fakes.url}/groq`);
    try {
      const { ai } = createProviders({ ...other, ai: providerConfig("ai", "anthropic", ctx.fakes.validKey) }, ctx.options);
      await expect(collect(ai.chat([{ role: "user", content: "Hi" }], new AbortController().signal))).rejects.toMatchObject({ status: 404 });
      expect(ctx.fakes.requests[0].path).toBe("/groq/v1/messages");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("connection guard", () => {
  const ref = { kind: "ai" as const, providerId: "openai-compatible", apiKey: "k" };
  it("refuses a private literal address for guarded HTTP and WebSocket connections before connecting", async () => {
    await expect(send(ref, { method: "GET", url: new URL(`${ctx.fakes.url}/openai/v1/models`), headers: {}, guarded: true, timeoutMs: 1000 })).rejects.toMatchObject({
      kind: "bad_request",
      message: "OpenAI-compatible AI refused the request: the base URL points to a private network address",
    });
    await expect(openSocket(ref, { url: new URL(`${ctx.fakes.url.replace("http", "ws")}/cartesia/tts/websocket`), headers: {}, guarded: true, timeoutMs: 1000 })).rejects.toMatchObject({ kind: "bad_request" });
    expect(ctx.fakes.requests).toEqual([]);
  });

  it("resolves host names through the guard at connection time", async () => {
    // This machine's own name resolves to a loopback address (or not at all): either way the guard
    // must keep the request from reaching the fake listening there.
    const url = new URL(`${ctx.fakes.url.replace("127.0.0.1", os.hostname())}/openai/v1/models`);
    const error = await send(ref, { method: "GET", url, headers: {}, guarded: true, timeoutMs: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(["bad_request", "unreachable"]).toContain(error.kind);
    const socket = await openSocket(ref, { url: new URL(url.href.replace("http", "ws").replace("/openai/v1/models", "/cartesia/tts/websocket")), headers: {}, guarded: true, timeoutMs: 1000 }).catch((e) => e);
    expect(socket).toBeInstanceOf(ProviderError);
    expect(ctx.fakes.requests).toEqual([]);
  });
});

describe("secrets", () => {
  it("a key a provider echoes back is scrubbed from the error message", () => {
    const error = httpFailure({ kind: "tts", providerId: "elevenlabs", apiKey: "sk-secret-123456" }, 401, JSON.stringify({ detail: { message: "Key sk-secret-123456 is not valid" } }));
    expect(error.message).toBe("ElevenLabs text-to-speech rejected the API key (401): Key [key] is not valid");
  });

  it("logs name provider, kind and what happened, never the key", async () => {
    ctx.fakes.failNext("openai", { status: 503 }, 1, "chat");
    const { ai } = createProviders({ ...other, ai: providerConfig("ai", "openai", ctx.fakes.validKey) }, ctx.options);
    await collect(ai.chat([{ role: "user", content: "Hi" }], new AbortController().signal));
    expect(ctx.logs).toEqual([expect.objectContaining({ provider: "openai", kind: "ai", event: "chat_retry", attempt: 1, status: 503 })]);
    expect(JSON.stringify(ctx.logs)).not.toContain(ctx.fakes.validKey);
  });
});

describe("a key on the failure path", () => {
  it("is in neither the logs nor the error when every attempt fails, the provider's answers quoting the request", async () => {
    const key = ctx.fakes.validKey;
    ctx.fakes.failNext("openai", { status: 503, echoKey: true }, 10, "chat");
    const { ai } = createProviders({ ...other, ai: providerConfig("ai", "openai", key) }, ctx.options);
    const error = await collect(ai.chat([{ role: "user", content: `Say ${key}` }], new AbortController().signal)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ProviderError);
    // The fence: the failure was logged (each retry, then the give-up), so there was something to look in.
    expect(ctx.logs.filter((l) => l.event === "chat_retry").length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(ctx.logs)).not.toContain(key);
    expect(String((error as Error).message)).not.toContain(key);
  });
});

describe("runtime", () => {
  it("the adapters and the fakes load under Node's own TypeScript support (the worker and the e2e stack run them so)", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "const a = await import('./lib/voice/providers/create-providers.ts'); const f = await import('./test/fakes/voice/server.ts'); console.log(typeof a.createProviders, typeof f.startVoiceFakes)"],
      { cwd: root, encoding: "utf8" },
    );
    expect(out.trim()).toBe("function function");
  });
});
