import type { WebSocket } from "ws";
import { bytesOf, chunked, speechTone } from "./audio.ts";
import { sleep } from "./http-util.ts";
import type { FakeCall, WsRoute } from "./routes.ts";
import { elevenLabsMessageProblem, elevenLabsQueryProblem } from "./elevenlabs-schema.ts";
import { cartesiaAuthProblem } from "./models.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// The context-based TTS WebSockets. ElevenLabs multi-stream-input: the upgrade succeeds and problems
// come as {message, error, code} followed by a close (1008 for a bad key, a query parameter or a
// message outside its schema (elevenlabs-schema.ts), more than five open contexts, or no text for
// `inactivity_timeout` seconds). Cartesia: a bad key refuses the upgrade
// with 401; per-context problems are {type: "error", status_code, title, message, context_id} messages,
// a context expires a second after its last audio, and anything outside the documented request
// schema (unknown fields, speed outside 0.6–1.5, unknown models) is refused.

interface Context {
  text: string;
  queue: Promise<void>;
  stopped: boolean;
  /** ElevenLabs: a flush was asked for, so closing the context lets the flushed text finish. */
  flushed?: boolean;
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
  const problem = elevenLabsQueryProblem(q);
  if (problem) return fail("invalid_request", problem);
  const format = /^pcm_(\d+)$/.exec(q.get("output_format") ?? "");
  if (!format) return fail("invalid_request", "This fake synthesises a pcm_<rate> output_format only");
  const sampleRate = Number(format[1]);
  const autoMode = q.get("auto_mode") === "true";
  const inactivityMs = call.state.options.elevenLabsInactivityMs ?? Number(q.get("inactivity_timeout") ?? 20) * 1000;
  const contexts = new Map<string, Context>();
  const draining = new Set<Context>();
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
    ctx.queue = ctx.queue.then(() => synthesise(call, ws, ctx, text, sampleRate, (chunk) => sendJson(ws, { audio: chunk.toString("base64"), normalizedAlignment: null, alignment: null, contextId: id })));
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
    const problem = elevenLabsMessageProblem(msg as Record<string, unknown>);
    if (problem) return fail("invalid_request", problem);
    touch();
    if (msg.close_socket) {
      call.seen.closedWith = 1000;
      // Contexts still flushing, closed ones included, finish before the socket closes.
      return void Promise.all([...contexts.values(), ...draining].map((c) => c.queue)).then(() => ws.close(1000));
    }
    const id = msg.context_id ?? "default";
    let ctx = contexts.get(id);
    if (msg.close_context) {
      if (!ctx) return;
      contexts.delete(id);
      // "No further audio will be generated for this context" unless it "has already been set to
      // flush", in which case it "will continue flushing". Unflushed text is dropped.
      if (!ctx.flushed) ctx.stopped = true;
      const closing = ctx;
      draining.add(closing);
      void closing.queue.then(() => draining.delete(closing));
      void closing.queue.then(() => sendJson(ws, { isFinal: true, contextId: id }));
      return;
    }
    if (typeof msg.text === "string") {
      if (!ctx) {
        if (contexts.size >= 5) return fail("max_active_conversations", "Maximum simultaneous contexts per WebSocket connection exceeded (5). Please close an existing context before opening a new one.");
        ctx = { text: "", queue: Promise.resolve(), stopped: false };
        contexts.set(id, ctx);
      }
      ctx.text += msg.text;
      if (msg.flush) ctx.flushed = true;
      if (msg.flush || (autoMode && /[.!?…]["')\]]?\s*$/.test(ctx.text))) generate(id, ctx);
    } else if (msg.flush && ctx) {
      ctx.flushed = true;
      generate(id, ctx);
    }
  });
}

// ---------- Cartesia (checked 2026-11-25 against @cartesia/cartesia-js 4.2, version 2026-08-14) ----------

const CARTESIA_MODELS = ["sonic-3.5", "sonic-3", "sonic-3.5-2026-05-04", "sonic-3-2026-01-12", "sonic-3-2025-10-27", "sonic-latest"];
const CARTESIA_QUERY = ["cartesia_version", "api_key", "access_token", "cartesia_client"];
const CARTESIA_FIELDS = [
  "context_id", "model_id", "output_format", "transcript", "voice", "add_phoneme_timestamps", "add_timestamps", "continue", "flush",
  "generation_config", "language", "locale", "max_buffer_delay_ms", "normalization", "pronunciation_dict_id", "speed", "use_normalized_timestamps", "duration",
];
const SAMPLE_RATES = [8000, 16000, 22050, 24000, 44100, 48000];

function refuseCartesia(call: FakeCall) {
  const unknown = [...call.url.searchParams.keys()].find((k) => !CARTESIA_QUERY.includes(k));
  if (unknown) return { status: 400, body: { error: `Unknown query parameter: ${unknown}` } };
  return cartesiaAuthProblem(call);
}

/** Why Cartesia refuses a generation request, or null (its documented fields and ranges). */
function cartesiaProblem(msg: Record<string, unknown>): string | null {
  const unknown = Object.keys(msg).find((k) => !CARTESIA_FIELDS.includes(k));
  if (unknown) return `Unknown field: ${unknown}`;
  for (const field of ["context_id", "model_id", "output_format", "transcript", "voice"]) if (msg[field] === undefined) return `${field} is required`;
  if (typeof msg.context_id !== "string" || !msg.context_id) return "context_id must be a non-empty string";
  if (!CARTESIA_MODELS.includes(String(msg.model_id))) return "Invalid model: The model is not valid, make sure it is a valid model ID.";
  if (typeof msg.transcript !== "string") return "transcript must be a string";
  const voice = msg.voice as { id?: unknown } | string;
  if (!(typeof voice === "string" ? voice : typeof voice === "object" && voice && typeof voice.id === "string" && voice.id)) return "voice must be an id or {id}";
  const format = msg.output_format as { container?: string; encoding?: string; sample_rate?: number };
  if (format?.container !== "raw") return "This fake returns the raw container only";
  if (format.encoding !== "pcm_s16le") return "This fake returns pcm_s16le only";
  if (!SAMPLE_RATES.includes(Number(format.sample_rate))) return `sample_rate must be one of ${SAMPLE_RATES.join(", ")}`;
  const config = (msg.generation_config ?? {}) as Record<string, unknown>;
  const extra = Object.keys(config).find((k) => !["emotion", "speed", "volume"].includes(k));
  if (extra) return `Unknown field: generation_config.${extra}`;
  if (config.speed !== undefined && !(typeof config.speed === "number" && config.speed >= 0.6 && config.speed <= 1.5)) return "generation_config.speed must be between 0.6 and 1.5";
  if (config.volume !== undefined && !(typeof config.volume === "number" && config.volume >= 0.5 && config.volume <= 2)) return "generation_config.volume must be between 0.5 and 2.0";
  if (msg.max_buffer_delay_ms !== undefined && !(typeof msg.max_buffer_delay_ms === "number" && msg.max_buffer_delay_ms >= 0 && msg.max_buffer_delay_ms <= 5000)) return "max_buffer_delay_ms must be between 0 and 5000";
  if (msg.language !== undefined && msg.locale !== undefined) return "Set language or locale, not both";
  return null;
}

type CartesiaContext = Context & { shape: string; flushes: number; expiry?: NodeJS.Timeout; expired: boolean };

function cartesia(ws: WebSocket, call: FakeCall): void {
  const contexts = new Map<string, CartesiaContext>();
  ws.on("close", () => {
    for (const ctx of contexts.values()) {
      ctx.stopped = true;
      clearTimeout(ctx.expiry);
    }
  });
  const error = (id: string | undefined, status: number, title: string, message: string) =>
    sendJson(ws, { type: "error", ...(id ? { context_id: id } : {}), status_code: status, title, message });
  ws.on("message", (data: Buffer, isBinary) => {
    if (isBinary) return error(undefined, 400, "Invalid message", "Binary messages are not accepted");
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return error(undefined, 400, "Invalid message", "Invalid JSON");
    }
    call.seen.messages.push(msg);
    const id = typeof msg.context_id === "string" ? msg.context_id : undefined;
    if (msg.cancel !== undefined) {
      if (msg.cancel !== true || !id || Object.keys(msg).some((k) => k !== "cancel" && k !== "context_id")) return error(id, 400, "Invalid message", "A cancel request is {context_id, cancel: true}");
      const ctx = contexts.get(id);
      if (ctx) {
        ctx.stopped = true;
        clearTimeout(ctx.expiry);
      }
      contexts.delete(id);
      return;
    }
    const problem = cartesiaProblem(msg);
    if (problem) return error(id, 400, "Invalid request", problem);
    const { transcript, continue: more, flush } = msg as { transcript: string; continue?: unknown; flush?: unknown };
    const rest = msg as Record<string, unknown>;
    // What a context keeps from its first input: the voice it speaks in (the SDK itself varies
    // generation_config between inputs of one context).
    const shape = JSON.stringify([rest.model_id, rest.voice, rest.output_format, rest.language, rest.locale]);
    let ctx = contexts.get(id!);
    if (ctx?.expired) return error(id, 400, "Context expired", "This context expired 1 second after its last audio; use a new context_id");
    if (!ctx) {
      ctx = { text: "", queue: Promise.resolve(), stopped: false, shape, flushes: 0, expired: false };
      contexts.set(id!, ctx);
    } else if (ctx.shape !== shape) {
      return error(id, 400, "Invalid request", "Inputs on the same context must keep the same model_id, voice, output_format and language");
    }
    const current = ctx;
    clearTimeout(current.expiry);
    const sampleRate = (rest.output_format as { sample_rate: number }).sample_rate;
    const flushId = flush === true ? ++current.flushes : null;
    if (transcript.trim()) {
      current.queue = current.queue.then(() =>
        synthesise(call, ws, current, transcript, sampleRate, (chunk) =>
          sendJson(ws, { type: "chunk", data: chunk.toString("base64"), done: false, status_code: 206, step_time: 1, context_id: id, ...(current.flushes ? { flush_id: current.flushes } : {}) }),
        ),
      );
    }
    if (flushId !== null) {
      current.queue = current.queue.then(() => {
        if (!current.stopped) sendJson(ws, { type: "flush_done", context_id: id, done: false, flush_done: true, flush_id: flushId, status_code: 206 });
      });
    }
    if (more === false || more === undefined) {
      contexts.delete(id!);
      void current.queue.then(() => {
        if (!current.stopped) sendJson(ws, { type: "done", done: true, status_code: 200, context_id: id });
      });
      return;
    }
    // A context the client keeps open expires this long after its last audio.
    void current.queue.then(() => {
      if (current.stopped) return;
      clearTimeout(current.expiry);
      current.expiry = setTimeout(() => {
        current.expired = true;
      }, call.state.options.cartesiaContextTtlMs);
    });
  });
}

export const elevenLabsRoutes: WsRoute[] = [{ pattern: /^\/v1\/text-to-speech\/([^/]+)\/multi-stream-input$/, surface: "speech", handle: elevenLabs }];
export const cartesiaRoutes: WsRoute[] = [{ pattern: /^\/tts\/websocket$/, surface: "speech", refuse: refuseCartesia, handle: cartesia }];
