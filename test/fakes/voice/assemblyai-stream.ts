import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { UtteranceDetector, wordTimes } from "./audio.ts";
import { sleep } from "./http-util.ts";
import type { FakeCall, WsRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// AssemblyAI Universal-Streaming v3 as it behaves: the upgrade always succeeds, and problems come as an
// `Error` frame followed by a close with the same code (1008 for a refused key, 3006 for a bad message,
// 3007 for a chunk outside 50–1000 ms). `Begin` opens the session; `Turn` messages carry the running
// transcript, the end of a turn comes raw and then (format_turns) formatted; `ForceEndpoint` ends
// the turn now; `Terminate` → `Termination` with the audio and session length, then close 1000.
// Messages carry exactly the fields the SDK's streaming types declare (test/voice/providers/sdk/assemblyai.test.ts).

/** The connection parameters AssemblyAI documents (assemblyai 4.41's list; checked 2026-11-25). */
const QUERY = [
  "token", "sample_rate", "encoding", "speech_model", "format_turns", "end_of_turn_confidence_threshold", "min_turn_silence",
  "min_end_of_turn_silence_when_confident", "max_turn_silence", "vad_threshold", "session_heartbeat", "acknowledge_silence", "keyterms_prompt",
  "prompt", "agent_context", "filter_profanity", "language_code", "language_codes", "language_detection", "domain", "inactivity_timeout",
  "speaker_labels", "max_speakers", "speaker_labels_revision_interval_ms", "voice_focus", "voice_focus_threshold", "continuous_partials",
  "interruption_delay", "turn_left_pad_ms", "_customer_support_audio_capture", "webhook_url", "webhook_auth_header_name",
  "webhook_auth_header_value", "include_partial_turns", "redact_pii", "redact_pii_policies", "redact_pii_sub", "mode", "llm_gateway",
];
const MODELS = ["universal-streaming-english", "universal-streaming-multilingual", "u3-rt-pro", "whisper-rt", "universal-3-5-pro", "universal-3-6", "universal-3-6-pro", "u3-pro"];
const RANGES: Record<string, [number, number]> = { end_of_turn_confidence_threshold: [0, 1], min_turn_silence: [0, 10_000], min_end_of_turn_silence_when_confident: [0, 10_000], max_turn_silence: [0, 10_000] };

/** Why AssemblyAI would refuse these connection parameters (3006), or null. */
function queryProblem(q: URLSearchParams): string | null {
  const unknown = [...q.keys()].find((k) => !QUERY.includes(k));
  if (unknown) return `Invalid Message: unknown parameter ${unknown}`;
  const model = q.get("speech_model");
  if (!model) return "Invalid Message: speech_model is required";
  if (!MODELS.includes(model)) return `Invalid Message: speech_model ${model} is not supported`;
  for (const [name, [min, max]] of Object.entries(RANGES)) {
    const raw = q.get(name);
    if (raw !== null && !(Number(raw) >= min && Number(raw) <= max)) return `Invalid Message: ${name} must be between ${min} and ${max}`;
  }
  const keyterms = q.get("keyterms_prompt");
  if (keyterms !== null) {
    try {
      if (!Array.isArray(JSON.parse(keyterms))) throw new Error();
    } catch {
      return "Invalid Message: keyterms_prompt must be a JSON list";
    }
  }
  return null;
}

/** "Hello there." → "hello there": the unformatted text AssemblyAI sends before the formatted one. */
function unformatted(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}'\s]/gu, "").replace(/\s+/g, " ").trim();
}

function handle(ws: WebSocket, call: FakeCall): void {
  const { state, seen } = call;
  const q = call.url.searchParams;
  const fail = (code: number, error: string) => {
    ws.send(JSON.stringify({ type: "Error", error_code: code, error }));
    seen.closedWith = code;
    ws.close(code, error.length <= 123 ? error : "See Error message for details");
  };
  if (call.req.headers.authorization !== VALID_KEY) return fail(1008, "Unauthorized Connection: Invalid API key");
  const problem = queryProblem(q);
  if (problem) return fail(3006, problem);
  if ((q.get("sample_rate") ?? "16000") !== "16000" || (q.get("encoding") ?? "pcm_s16le") !== "pcm_s16le") return fail(3006, "This fake understands pcm_s16le at 16000 Hz only");

  const formatTurns = q.get("format_turns") === "true";
  // The deprecated name still works at AssemblyAI; the new one wins when both come.
  const silence = Number(q.get("min_turn_silence") ?? q.get("min_end_of_turn_silence_when_confident") ?? 400);
  const detector = new UtteranceDetector({ speechRms: state.options.speechRms, minSpeechMs: state.options.minSpeechMs, endSilenceMs: Math.max(20, silence) });
  const opened = performance.now();
  let turnOrder = 0;
  let transcript = "";
  let partials = 0;
  let terminated = false;
  const send = (msg: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  const turnMessage = (text: string, startMs: number, endMs: number, endOfTurn: boolean, formatted: boolean, finalWords: number) => {
    const words = wordTimes(text, startMs, endMs).map((w, i) => ({ start: w.startMs, end: w.endMs, text: w.word, confidence: 0.95, word_is_final: endOfTurn || i < finalWords }));
    send({
      type: "Turn",
      turn_order: turnOrder,
      turn_is_formatted: formatted,
      end_of_turn: endOfTurn,
      transcript: formatted ? text : unformatted(words.filter((w) => w.word_is_final).map((w) => w.text).join(" ")),
      end_of_turn_confidence: endOfTurn ? 0.9 : 0.05,
      words: formatted ? words : words.map((w) => ({ ...w, text: unformatted(w.text) })),
    });
  };
  const endTurn = async (end: { atMs: number; startMs: number }) => {
    const text = transcript;
    transcript = "";
    await sleep(state.options.delays.sttFinalMs);
    turnMessage(text, end.startMs, end.atMs, true, false, Infinity);
    if (formatTurns) turnMessage(text, end.startMs, end.atMs, true, true, Infinity);
    turnOrder++;
  };

  send({ type: "Begin", id: randomUUID(), expires_at: Math.floor(Date.now() / 1000) + 3 * 3600 });
  ws.on("message", (data: Buffer, isBinary) => {
    if (terminated) return;
    if (isBinary) {
      const ms = data.length / 32;
      if (ms < 50 || ms > 1000) return fail(3007, `Input duration violation: ${ms.toFixed(0)} ms. Expected between 50 and 1000 ms`);
      const pcm = new Int16Array(data.length >> 1);
      new Uint8Array(pcm.buffer).set(data.subarray(0, pcm.length * 2));
      seen.audioMs += ms;
      for (const event of detector.feed(pcm)) {
        if (event.type === "start") {
          transcript = state.nextTranscript();
          partials = 0;
        } else if (event.type === "speech") {
          const due = Math.floor(event.speechMs / state.options.delays.sttInterimEveryMs);
          if (due > partials) {
            partials = due;
            const words = transcript.split(/\s+/);
            const heard = words.slice(0, Math.min(words.length, due)).join(" ");
            turnMessage(heard, detector.audioMs - event.speechMs, detector.audioMs, false, false, Math.max(0, due - 1));
          }
        } else if (event.type === "end") void endTurn(event);
      }
      return;
    }
    let msg: { type?: string } & Record<string, unknown>;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return fail(3006, `Invalid JSON: ${data.toString().slice(0, 60)}`);
    }
    seen.messages.push(msg);
    if (msg.type === "ForceEndpoint") {
      const end = detector.forceEnd();
      if (end) void endTurn(end);
    } else if (msg.type === "Terminate") {
      terminated = true;
      const end = detector.forceEnd();
      void (end ? endTurn(end) : Promise.resolve()).then(() => {
        send({ type: "Termination", audio_duration_seconds: Math.round(detector.audioMs / 1000), session_duration_seconds: (performance.now() - opened) / 1000 });
        seen.closedWith = 1000;
        ws.close(1000);
      });
    } else if (msg.type === "UpdateConfiguration") {
      const problem = queryProblem(new URLSearchParams({ speech_model: q.get("speech_model")!, ...Object.fromEntries(Object.entries(msg).filter(([k]) => k !== "type").map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])) }));
      if (problem) fail(3006, problem);
    } else if (msg.type !== "KeepAlive") {
      fail(3006, `Invalid Message Type: ${String(msg.type)}`);
    }
  });
}

export const assemblyAiRoutes: WsRoute[] = [{ pattern: /^\/v3\/ws$/, surface: "listen", handle }];
