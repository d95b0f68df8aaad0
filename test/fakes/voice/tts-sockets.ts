import type { WebSocket } from "ws";
import { bytesOf, chunked, speechTone } from "./audio.ts";
import { sleep } from "./http-util.ts";
import type { FakeCall, WsRoute } from "./routes.ts";
import { VALID_KEY } from "./state.ts";

// The context-based TTS WebSockets. ElevenLabs multi-stream-input: the upgrade succeeds and problems
// come as {message, error, code} followed by a close (1008 for a bad key, more than five open
// contexts, or no text for `inactivity_timeout` seconds). Cartesia: a bad key refuses the upgrade
// with 401; per-context problems are {type: "error", status_code, context_id} messages.

interface Context {
  text: string;
  queue: Promise<void>;
  stopped: boolean;
}

function sendJson(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** Synthesises `text` into 100 ms chunks after the configured first-audio delay. */
async function synthesise(call: FakeCall, ws: WebSocket, ctx: Context, text: string, sampleRate: number, emit: (chunk: Buffer) => void): Promise<void> {
  await sleep(call.state.options.delays.ttsFirstAudioMs);
  for (const chunk of chunked(speechTone(text, sampleRate, call.state.options.ttsMsPerChar), sampleRate, 100)) {
    if (ctx.stopped || ws.readyState !== ws.OPEN) return;
    emit(bytesOf(chunk));
    await sleep(call.state.options.delays.ttsChunkMs);
  }
}

function elevenLabs(ws: WebSocket, call: FakeCall): void {
  const q = call.url.searchParams;
  const fail = (error: string, message: string) => {
    sendJson(ws, { message, error, code: 1008 });
    call.seen.closedWith = 1008;
    ws.close(1008, message.slice(0, 120));
  };
  if (call.req.headers["xi-api-key"] !== VALID_KEY) return fail("invalid_api_key", "Invalid API key");
  const format = /^pcm_(\d+)$/.exec(q.get("output_format") ?? "");
  if (!q.get("model_id") || !format) return fail("invalid_request", "model_id and a pcm_<rate> output_format are required by this fake");
  const sampleRate = Number(format[1]);
  const autoMode = q.get("auto_mode") === "true";
  const inactivityMs = call.state.options.elevenLabsInactivityMs ?? Number(q.get("inactivity_timeout") ?? 20) * 1000;
  const contexts = new Map<string, Context>();
  let idle: NodeJS.Timeout;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => fail("input_timeout_exceeded", `Input timeout exceeded: no text received for ${inactivityMs / 1000} seconds`), inactivityMs);
  };
  touch();
  ws.on("close", () => {
    clearTimeout(idle);
    for (const ctx of contexts.values()) ctx.stopped = true;
  });

  const generate = (id: string, ctx: Context) => {
    const text = ctx.text.trim();
    ctx.text = "";
    if (!text) return;
    ctx.queue = ctx.queue.then(() => synthesise(call, ws, ctx, text, sampleRate, (chunk) => sendJson(ws, { audio: chunk.toString("base64"), isFinal: null, normalizedAlignment: null, alignment: null, contextId: id })));
  };

  ws.on("message", (data: Buffer, isBinary) => {
    if (isBinary) return fail("invalid_request", "Binary messages are not accepted");
    let msg: { text?: unknown; context_id?: string; flush?: boolean; close_context?: boolean; close_socket?: boolean; voice_settings?: unknown };
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return fail("invalid_request", "Invalid JSON");
    }
    call.seen.messages.push(msg);
    touch();
    if (msg.close_socket) {
      call.seen.closedWith = 1000;
      return void Promise.all([...contexts.values()].map((c) => c.queue)).then(() => ws.close(1000));
    }
    const id = msg.context_id ?? "default";
    let ctx = contexts.get(id);
    if (msg.close_context) {
      if (!ctx) return;
      contexts.delete(id);
      generate(id, ctx);
      void ctx.queue.then(() => sendJson(ws, { isFinal: true, contextId: id }));
      return;
    }
    if (typeof msg.text === "string") {
      if (!ctx) {
        if (contexts.size >= 5) return fail("max_active_conversations", "Maximum simultaneous contexts per WebSocket connection exceeded (5). Please close an existing context before opening a new one.");
        ctx = { text: "", queue: Promise.resolve(), stopped: false };
        contexts.set(id, ctx);
      }
      ctx.text += msg.text;
      if (msg.flush || (autoMode && /[.!?…]["')\]]?\s*$/.test(ctx.text))) generate(id, ctx);
    } else if (msg.flush && ctx) generate(id, ctx);
  });
}

function refuseCartesia(call: FakeCall) {
  const key = call.req.headers["x-api-key"] ?? call.url.searchParams.get("api_key");
  if (key !== VALID_KEY) return { status: 401, body: { error: "Invalid API key" } };
  const version = call.req.headers["cartesia-version"] ?? call.url.searchParams.get("cartesia_version");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(version ?? ""))) return { status: 400, body: { error: "Cartesia-Version header is required" } };
  return null;
}

function cartesia(ws: WebSocket, call: FakeCall): void {
  const contexts = new Map<string, Context & { shape: string }>();
  ws.on("close", () => {
    for (const ctx of contexts.values()) ctx.stopped = true;
  });
  ws.on("message", (data: Buffer) => {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return sendJson(ws, { type: "error", done: true, status_code: 400, error: "Invalid JSON" });
    }
    call.seen.messages.push(msg);
    const id = String(msg.context_id ?? "");
    const error = (status: number, text: string) => sendJson(ws, { type: "error", context_id: id, status_code: status, done: true, error: text });
    if (msg.cancel) {
      const ctx = contexts.get(id);
      if (ctx) ctx.stopped = true;
      contexts.delete(id);
      return;
    }
    const { transcript, continue: more, ...rest } = msg as { transcript?: unknown; continue?: unknown } & Record<string, unknown>;
    const voice = rest.voice as { mode?: string; id?: string } | undefined;
    const format = rest.output_format as { container?: string; encoding?: string; sample_rate?: number } | undefined;
    if (typeof rest.model_id !== "string" || !rest.model_id.startsWith("sonic")) return error(400, "Invalid model: The model is not valid, make sure it is a valid model ID.");
    if (voice?.mode !== "id" || !voice.id) return error(400, "voice must be {mode: \"id\", id}");
    if (format?.container !== "raw" || format.encoding !== "pcm_s16le" || !format.sample_rate) return error(400, "This fake returns raw pcm_s16le only");
    if (typeof transcript !== "string") return error(400, "transcript is required");
    const shape = JSON.stringify(rest);
    let ctx = contexts.get(id);
    if (!ctx) {
      ctx = { text: "", queue: Promise.resolve(), stopped: false, shape };
      contexts.set(id, ctx);
    } else if (ctx.shape !== shape) {
      return error(400, "Inputs on the same context must keep all fields except transcript and continue the same");
    }
    const current = ctx;
    if (transcript.trim()) {
      current.queue = current.queue.then(() =>
        synthesise(call, ws, current, transcript, format.sample_rate!, (chunk) => sendJson(ws, { type: "chunk", data: chunk.toString("base64"), done: false, status_code: 206, step_time: 1, context_id: id })),
      );
    }
    if (more === false) {
      contexts.delete(id);
      void current.queue.then(() => {
        if (!current.stopped) sendJson(ws, { type: "done", done: true, status_code: 200, context_id: id });
      });
    }
  });
}

export const elevenLabsRoutes: WsRoute[] = [{ pattern: /^\/v1\/text-to-speech\/([^/]+)\/multi-stream-input$/, surface: "speech", handle: elevenLabs }];
export const cartesiaRoutes: WsRoute[] = [{ pattern: /^\/tts\/websocket$/, surface: "speech", refuse: refuseCartesia, handle: cartesia }];
