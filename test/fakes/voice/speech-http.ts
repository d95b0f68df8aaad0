import type http from "node:http";
import { bytesOf, chunked, speechTone } from "./audio.ts";
import { deepgramError, deepgramQueryProblem } from "./deepgram-params.ts";
import { errorBody, failBeforeAnswer } from "./errors.ts";
import { deepgramModels, deepgramProjects } from "./models.ts";
import { sendOpenAiProblem, speechProblem, transcriptionProblem } from "./openai-schema.ts";
import { sendJson, sleep } from "./http-util.ts";
import type { FakeCall, HttpRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// The HTTP audio endpoints: OpenAI(-compatible) transcription (multipart WAV upload → {text}),
// OpenAI(-compatible) speech (JSON → streamed audio, raw 24 kHz PCM for response_format "pcm") and
// Deepgram Aura (/v1/speak → streamed linear16; with the default container the audio starts with a
// WAV header, as the real API sends it, so a client that forgets container=none gets a click).

const bearer = (call: FakeCall) => call.req.headers.authorization === `Bearer ${VALID_KEY}`;

/** Checks a WAV upload: mono 16-bit PCM; returns its length in ms or an error. */
function wavMs(file: Buffer): number | string {
  if (file.length < 44 || file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WAVE") return "Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm";
  if (file.readUInt16LE(20) !== 1 || file.readUInt16LE(22) !== 1 || file.readUInt16LE(34) !== 16) return "This fake reads mono 16-bit PCM WAV only";
  const rate = file.readUInt32LE(24);
  return ((file.length - 44) / 2 / rate) * 1000;
}

async function transcribe(call: FakeCall, res: http.ServerResponse): Promise<void> {
  if (!bearer(call)) return sendJson(res, 401, errorBody("openai", 401));
  const invalid = (message: string, param: string | null = null) => sendJson(res, 400, { error: { message, type: "invalid_request_error", param, code: null } });
  const contentType = call.req.headers["content-type"] ?? "";
  if (!contentType.startsWith("multipart/form-data")) return invalid("Content-Type must be multipart/form-data");
  let form: FormData;
  try {
    form = await new Request("http://fake/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(call.seen.body as Buffer) }).formData();
  } catch {
    return invalid("Could not parse multipart form");
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  call.seen.fields = fields;
  call.seen.body = null;
  const problem = transcriptionProblem(call, fields, [...new Set(form.keys())]);
  if (problem) return sendOpenAiProblem(res, problem);
  const file = form.get("file");
  if (!file || typeof file === "string") return invalid("you must provide a file", "file");
  const ms = wavMs(Buffer.from(await file.arrayBuffer()));
  if (typeof ms === "string") return invalid(ms, "file");
  if (ms < 100) return sendJson(res, 400, { error: { message: "Audio file is too short. Minimum audio length is 0.1 seconds.", type: "invalid_request_error", param: "file", code: "audio_too_short" } });
  call.seen.audioMs = ms;
  if (failBeforeAnswer(call, res, call.state.takeFailure(call.provider, "transcribe"))) return;
  await sleep(call.state.options.delays.sttFinalMs);
  sendJson(res, 200, { text: call.state.nextTranscript(), usage: { type: "duration", seconds: Math.ceil(ms / 1000) } });
}

/** Streams synthesized audio as chunked HTTP (100 ms chunks), honouring the fake's delays. */
async function streamAudio(call: FakeCall, res: http.ServerResponse, pcm: Int16Array, sampleRate: number, contentType: string, header?: Buffer): Promise<void> {
  const failure = call.state.takeFailure(call.provider, "speech");
  if (failBeforeAnswer(call, res, failure)) return;
  res.on("close", () => {
    if (!res.writableFinished) call.seen.aborted = true;
  });
  res.writeHead(200, { "content-type": contentType, "transfer-encoding": "chunked" });
  await sleep(call.state.options.delays.ttsFirstAudioMs);
  if (header) res.write(header);
  const chunks = chunked(pcm, sampleRate, 100);
  for (let i = 0; i < chunks.length; i++) {
    if (res.destroyed) return;
    res.write(bytesOf(chunks[i]));
    if (failure && "drop" in failure && failure.drop === "mid" && i === 0) {
      await sleep(20);
      call.req.socket.destroy();
      return;
    }
    await sleep(call.state.options.delays.ttsChunkMs);
  }
  res.end();
}

async function openAiSpeech(call: FakeCall, res: http.ServerResponse): Promise<void> {
  if (!bearer(call)) return sendJson(res, 401, errorBody("openai", 401));
  const body = call.seen.body as { input: string; response_format?: unknown } | null;
  const problem = speechProblem(call, body);
  if (problem) return sendOpenAiProblem(res, problem);
  const pcm = speechTone(body!.input, 24_000, call.state.options.ttsMsPerChar);
  // The default format is mp3: a client that does not ask for pcm gets bytes it cannot play as PCM.
  if (body!.response_format !== "pcm") return streamAudio(call, res, pcm, 24_000, "audio/mpeg", Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000", "binary"));
  return streamAudio(call, res, pcm, 24_000, "audio/pcm");
}

async function auraSpeak(call: FakeCall, res: http.ServerResponse): Promise<void> {
  const refuse = (status: number, code: string, message: string) => {
    const { body, headers } = deepgramError(code, message);
    sendJson(res, status, body, headers);
  };
  if (call.req.headers.authorization !== `Token ${VALID_KEY}`) return refuse(401, "INVALID_AUTH", "Invalid credentials.");
  const q = call.url.searchParams;
  const problem = deepgramQueryProblem("aura", q);
  if (problem) return refuse(400, "INVALID_QUERY_PARAMETER", problem);
  const body = call.seen.body as Record<string, unknown> | null;
  const extra = body && Object.keys(body).find((k) => k !== "text");
  if (extra) return refuse(400, "Bad Request", `Unknown field in body: ${extra}`);
  if (!body || typeof body.text !== "string" || !body.text.trim()) return refuse(400, "Bad Request", "text is required");
  if (body.text.length > 2000) return refuse(413, "TEXT_TOO_LONG", "text must be at most 2000 characters");
  const container = q.get("container") ?? "wav";
  const encoding = q.get("encoding") ?? "mp3";
  if (encoding !== "linear16") return refuse(400, "Bad Request", "This fake synthesises linear16 only");
  const rate = Number(q.get("sample_rate") ?? 24_000);
  const pcm = speechTone(body.text, rate, call.state.options.ttsMsPerChar);
  let header: Buffer | undefined;
  if (container === "wav") {
    header = Buffer.alloc(44);
    header.write("RIFF", 0, "ascii");
  }
  return streamAudio(call, res, pcm, rate, container === "wav" ? "audio/wav" : "audio/l16", header);
}

/** Transcription and speech under an OpenAI-style API root ("/v1"). */
export function openAiAudioRoutes(root: string): HttpRoute[] {
  const r = root.replace(/\//g, "\\/");
  return [
    { method: "POST", pattern: new RegExp(`^${r}\\/audio\\/transcriptions$`), surface: "transcribe", handle: transcribe },
    { method: "POST", pattern: new RegExp(`^${r}\\/audio\\/speech$`), surface: "speech", handle: openAiSpeech },
  ];
}

export const deepgramSpeakRoutes: HttpRoute[] = [
  { method: "POST", pattern: /^\/v1\/speak$/, surface: "speech", handle: auraSpeak },
  { method: "GET", pattern: /^\/v1\/projects$/, surface: "models", handle: deepgramProjects },
  { method: "GET", pattern: /^\/v1\/models$/, surface: "models", handle: deepgramModels },
];
