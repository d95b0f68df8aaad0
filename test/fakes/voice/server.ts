import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { WebSocketServer } from "ws";
import { closeNow, listenLocally } from "../local-server.ts";
import { FAKE_PROTOCOLS, providerUrls, VALID_KEY } from "../providers/protocols.ts";
import { assemblyAiRoutes } from "./assemblyai-stream.ts";
import { errorBody } from "./errors.ts";
import { deepgramListenRoutes } from "./deepgram-listen.ts";
import { parseJson, queryObject, readBody, refuseUpgrade, sendJson } from "./http-util.ts";
import { anthropicRoutes } from "./anthropic.ts";
import { geminiRoutes, openAiChatRoutes } from "./llm.ts";
import { cartesiaHttpRoutes, elevenLabsHttpRoutes } from "./models.ts";
import type { FakeCall, HttpRoute, WsRoute } from "./routes.ts";
import { deepgramSpeakRoutes, openAiAudioRoutes } from "./speech-http.ts";
import { FakeState, type FakeDelays, type FakeFailure, type ScriptedAnswer, type SeenRequest, type VoiceFakeOptions } from "./state.ts";
import { cartesiaRoutes, elevenLabsRoutes } from "./tts-sockets.ts";

// Every STT, LLM and TTS provider of the catalogue as one local server speaking its real wire
// protocol, each under its own prefix (/deepgram, /openai, /openai-compatible/v1, …). Pipeline tests,
// the bot e2e stack and bench:pipeline start one with startVoiceFakes() and point the adapters at it
// through `env` (PROVIDER_BASE_URL_<ID>) and `compatibleBaseUrl`. The "Test key" endpoints of
// test/fakes/providers answer here too, so one process serves a whole e2e run. A small control API
// (/__control/…) lets another process (Playwright) script and inspect it.

const PROVIDERS: Record<string, { http: HttpRoute[]; ws: WsRoute[] }> = {
  deepgram: { http: deepgramSpeakRoutes, ws: deepgramListenRoutes },
  assemblyai: { http: [], ws: assemblyAiRoutes },
  openai: { http: [...openAiChatRoutes("/v1"), ...openAiAudioRoutes("/v1")], ws: [] },
  "openai-compatible": { http: [...openAiChatRoutes("/v1"), ...openAiAudioRoutes("/v1")], ws: [] },
  groq: { http: openAiChatRoutes("/openai/v1"), ws: [] },
  anthropic: { http: anthropicRoutes, ws: [] },
  gemini: { http: geminiRoutes, ws: [] },
  elevenlabs: { http: elevenLabsHttpRoutes, ws: elevenLabsRoutes },
  cartesia: { http: cartesiaHttpRoutes, ws: cartesiaRoutes },
};

export type { FakeDelays, FakeFailure, ScriptedAnswer, SeenRequest, VoiceFakeOptions };

export interface VoiceFakes {
  /** http://127.0.0.1:<port> */
  url: string;
  /** PROVIDER_BASE_URL_<ID> for every provider with a fixed host. */
  env: Record<string, string>;
  /** The `baseUrl` extra param for OpenAI-compatible entries. */
  compatibleBaseUrl: string;
  /** The only key the fakes accept. */
  validKey: string;
  /** Every request and WebSocket session, oldest first. */
  requests: SeenRequest[];
  /** Changes delays and behaviour (merged into the current options). */
  set(options: Partial<Omit<VoiceFakeOptions, "delays">> & { delays?: Partial<FakeDelays> }): void;
  /** Appends scripted STT transcripts (one per utterance) and LLM answers (one per request: text or tool calls). */
  script(next: { stt?: string[]; ai?: ScriptedAnswer[] }): void;
  /** The next `times` requests to `provider` (a prefix; optionally one surface: chat, speech, transcribe, listen, models) fail. */
  failNext(provider: string, failure: FakeFailure, times?: number, surface?: string): void;
  /** Every request to `provider` (optionally one surface) fails for the next `ms` (an outage). */
  failFor(provider: string, failure: FakeFailure, ms: number, surface?: string): void;
  /** Back to defaults; forgets requests, scripts and failures. */
  reset(): void;
  close(): Promise<void>;
}

/** Keeps what an HTTP route answers in `seen.replies`: a JSON body, or each JSON `data:` event of a stream (the SDK judges read them). */
function recordReplies(res: http.ServerResponse, seen: SeenRequest): void {
  const capture = (chunk: unknown) => {
    if (typeof chunk !== "string" && !Buffer.isBuffer(chunk)) return;
    const text = chunk.toString();
    const events = [...text.matchAll(/^data: (.+)$/gm)].map((m) => m[1]);
    for (const json of events.length ? events : [text]) {
      try {
        seen.replies.push(JSON.parse(json));
      } catch {
        // Audio, "[DONE]": not JSON, nothing to keep.
      }
    }
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    capture(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    capture(chunk);
    return end(chunk, ...rest);
  }) as typeof res.end;
}

function splitPrefix(pathname: string): { provider: string; rest: string } | null {
  const match = /^\/([a-z-]+)(\/.*)?$/.exec(pathname);
  if (!match || !PROVIDERS[match[1]]) return null;
  return { provider: match[1], rest: match[2] ?? "/" };
}

function control(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: unknown): void {
  const input = (body ?? {}) as Record<string, unknown>;
  switch (`${req.method} ${url.pathname}`) {
    case "GET /__control/requests":
      return sendJson(res, 200, state.requests);
    case "POST /__control/set":
      state.set(input);
      return sendJson(res, 200, state.options);
    case "POST /__control/script":
      state.script(input as { stt?: string[]; ai?: ScriptedAnswer[] });
      return sendJson(res, 200, { ok: true });
    case "POST /__control/fail":
      // `forMs`: every request fails for that long (an outage); else the next `times` requests.
      if (input.forMs !== undefined) state.failFor(String(input.provider), input.failure as FakeFailure, Number(input.forMs), input.surface as string | undefined);
      else state.failNext(String(input.provider), input.failure as FakeFailure, Number(input.times ?? 1), input.surface as string | undefined);
      return sendJson(res, 200, { ok: true });
    case "POST /__control/reset":
      state.reset();
      return sendJson(res, 200, { ok: true });
    default:
      return sendJson(res, 404, { error: "unknown control call" });
  }
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (test/fixtures/tls, valid until 2126), for
 * SDKs that only speak wss:// (AssemblyAI's, Cartesia's). A client trusts it with
 * tls.setDefaultCACertificates([...tls.getCACertificates("default"), TEST_TLS.cert]).
 */
export const TEST_TLS = {
  cert: readFileSync(new URL("../../fixtures/tls/cert.pem", import.meta.url), "utf8"),
  key: readFileSync(new URL("../../fixtures/tls/key.pem", import.meta.url), "utf8"),
};

export async function startVoiceFakes(options: Partial<VoiceFakeOptions> & { port?: number; tls?: boolean } = {}): Promise<VoiceFakes> {
  const { port = 0, tls = false, ...fakeOptions } = options;
  const state = new FakeState(fakeOptions);
  const connections = new WeakMap<Socket, number>();
  let connectionCount = 0;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  const callFor = (req: http.IncomingMessage, url: URL, provider: string, surface: string, params: string[], body: unknown): FakeCall => ({
    state,
    provider,
    url,
    params,
    req,
    seen: state.record({
      provider,
      surface,
      method: req.method ?? "GET",
      path: url.pathname,
      query: queryObject(url),
      headers: req.headers,
      body,
      connection: connections.get(req.socket as Socket) ?? 0,
    }),
  });

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const isJson = (req.headers["content-type"] ?? "").includes("json");
    const body = isJson ? parseJson(raw) : raw.length > 0 ? raw : null;
    if (url.pathname.startsWith("/__control/")) return control(state, req, res, url, isJson ? body : parseJson(raw));
    const target = splitPrefix(url.pathname);
    if (!target) return sendJson(res, 404, { error: "not found" });
    for (const route of PROVIDERS[target.provider].http) {
      const match = route.method === req.method ? route.pattern.exec(target.rest) : null;
      if (!match) continue;
      const call = callFor(req, url, target.provider, route.surface, match.slice(1), body);
      recordReplies(res, call.seen);
      try {
        await route.handle(call, res);
      } catch (err) {
        if (!res.headersSent) sendJson(res, 500, { error: String(err) });
        else res.destroy();
      }
      return;
    }
    // The "Test key" calls (GET with the provider's auth scheme), as test/fakes/providers answers them.
    const keyCheck = FAKE_PROTOCOLS[target.provider];
    if (req.method === "GET" && keyCheck && (target.rest === keyCheck.path || target.rest.endsWith(keyCheck.path))) {
      callFor(req, url, target.provider, "key-check", [], null);
      if (keyCheck.authorized(req.headers, url, VALID_KEY)) return sendJson(res, 200, keyCheck.ok);
      return sendJson(res, keyCheck.rejected.status, keyCheck.rejected.body);
    }
    // Recorded too: a client calling a path the provider does not have is worth seeing in a test.
    callFor(req, url, target.provider, "unknown", [], body);
    sendJson(res, 404, { error: "not found" });
  };
  const server = tls ? https.createServer(TEST_TLS, handler) : http.createServer(handler);
  // Every socket, upgraded or hanging ones included (closeAllConnections only knows plain HTTP).
  const sockets = new Set<Socket>();
  server.on(tls ? "secureConnection" : "connection", (socket: Socket) => {
    connections.set(socket, ++connectionCount);
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const target = splitPrefix(url.pathname);
    const found = target && PROVIDERS[target.provider].ws.map((route) => ({ route, match: route.pattern.exec(target.rest) })).find((r) => r.match);
    if (!target || !found) return refuseUpgrade(socket, 404, { error: "not found" });
    const call = callFor(req, url, target.provider, found.route.surface, found.match!.slice(1), null);
    const refused = found.route.refuse?.(call);
    if (refused) {
      call.seen.closedWith = refused.status;
      return refuseUpgrade(socket, refused.status, refused.body, refused.headers);
    }
    const failure = state.takeFailure(target.provider, found.route.surface);
    if (failure && "status" in failure) return refuseUpgrade(socket, failure.status, errorBody(target.provider, failure.status));
    if (failure && "hang" in failure) return;
    if (failure && "drop" in failure && failure.drop === "before") return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("close", (code) => {
        call.seen.closedWith ??= code;
      });
      const send = ws.send.bind(ws);
      ws.send = ((data: unknown, ...rest: unknown[]) => {
        if (typeof data === "string") call.seen.replies.push(JSON.parse(data));
        return (send as (...args: unknown[]) => void)(data, ...rest);
      }) as typeof ws.send;
      // drop "mid": the connection dies under the client after its first message.
      if (failure) ws.once("message", () => setImmediate(() => ws.terminate()));
      found.route.handle(ws, call);
    });
  });

  const url = `${tls ? "https" : "http"}://127.0.0.1:${await listenLocally(server, port)}`;
  return {
    url,
    ...providerUrls(url, Object.keys(PROVIDERS)),
    validKey: VALID_KEY,
    requests: state.requests,
    set: (next) => state.set(next),
    script: (next) => state.script(next),
    failNext: (provider, failure, times, surface) => state.failNext(provider, failure, times, surface),
    failFor: (provider, failure, ms, surface) => state.failFor(provider, failure, ms, surface),
    reset: () => state.reset(),
    close: () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      return closeNow(server);
    },
  };
}
