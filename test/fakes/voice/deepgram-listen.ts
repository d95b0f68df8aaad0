import { createHash, randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { UtteranceDetector, wordTimes } from "./audio.ts";
import { deepgramError, deepgramQueryProblem } from "./deepgram-params.ts";
import { sleep } from "./http-util.ts";
import type { FakeCall, WsRoute } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// Deepgram live transcription, as the real service behaves: `Authorization: Token <key>` or the
// upgrade is refused with 401; linear16 at the sample rate the query names; Results with is_final /
// speech_final / from_finalize, UtteranceEnd after utterance_end_ms of silence, Finalize, KeepAlive,
// CloseStream → Metadata and a normal close; a socket idle for 10 s closes with 1011 (NET-0001).
// /v2/listen is Flux: Connected, then TurnInfo events (StartOfTurn, Update, EndOfTurn), ForceEndTurn,
// Configure → ConfigureSuccess; CloseStream drops the turn in progress and closes without a code;
// Nova's messages are a fatal Error. Query parameters are checked as deepgram-params.ts says; every
// message has exactly the fields @deepgram/sdk declares (test/voice/providers/sdk/deepgram.test.ts).

function refuser(surface: "nova" | "flux") {
  return (call: FakeCall) => {
    if (call.req.headers.authorization !== `Token ${VALID_KEY}`) {
      const { body, headers } = deepgramError("INVALID_AUTH", "Invalid credentials.");
      return { status: 401, body, headers };
    }
    const q = call.url.searchParams;
    const problem = deepgramQueryProblem(surface, q) ?? (q.get("encoding") !== "linear16" || q.get("sample_rate") !== "16000" ? "This fake understands linear16 at 16000 Hz only" : null);
    if (!problem) return null;
    const { body, headers } = deepgramError("INVALID_QUERY_PARAMETER", problem);
    return { status: 400, body, headers };
  };
}

/** A binary frame's audio (linear16), counted on the session and fed to its detector: what that heard. */
function hear(data: Buffer, call: FakeCall, detector: UtteranceDetector) {
  const pcm = new Int16Array(data.length >> 1);
  new Uint8Array(pcm.buffer).set(data.subarray(0, pcm.length * 2));
  call.seen.audioMs += pcm.length / 16;
  return detector.feed(pcm);
}

/** The first `count` words of `text`: a partial transcript. */
const firstWords = (text: string, count: number) => text.split(/\s+/).slice(0, count).join(" ");

/** Keeps the socket honest about Deepgram's idle timeout. */
function idleWatch(ws: WebSocket, call: FakeCall): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      call.seen.closedWith = 1011;
      ws.close(1011, "Deepgram did not receive audio data or a text message within the timeout window. See https://dpgr.am/net0001");
    }, call.state.options.deepgramIdleMs);
  };
  arm();
  ws.on("close", () => clearTimeout(timer));
  return arm;
}

const MODEL_UUID = "1dbdfb4d-85b2-4659-9a53-b5b6e4bcd2e8";
const NOVA_MESSAGES = ["Finalize", "CloseStream", "KeepAlive"];

function nova(ws: WebSocket, call: FakeCall): void {
  const { state, seen } = call;
  const q = call.url.searchParams;
  const interim = q.get("interim_results") === "true";
  const endpointing = Math.max(10, Number(q.get("endpointing") ?? 10) || 10);
  const utteranceEndMs = q.get("utterance_end_ms") ? Number(q.get("utterance_end_ms")) : null;
  const requestId = randomUUID();
  const detector = new UtteranceDetector({ speechRms: state.options.speechRms, minSpeechMs: state.options.minSpeechMs, endSilenceMs: endpointing });
  let transcript = "";
  let interimsSent = 0;
  let utteranceEndAt: number | null = null;
  let lastWordEndMs = 0;
  let closing = false;
  const touch = idleWatch(ws, call);

  const send = (msg: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  const results = (text: string, startMs: number, endMs: number, flags: { is_final: boolean; speech_final: boolean; from_finalize?: boolean }) => {
    const words = wordTimes(text, startMs, endMs).map((w) => ({
      word: w.word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""),
      start: w.startMs / 1000,
      end: w.endMs / 1000,
      confidence: 0.98,
      punctuated_word: w.word,
      ...(q.get("diarize") === "true" ? { speaker: 0 } : {}),
    }));
    send({
      type: "Results",
      channel_index: [0, 1],
      duration: (endMs - startMs) / 1000,
      start: startMs / 1000,
      is_final: flags.is_final,
      speech_final: flags.speech_final,
      from_finalize: flags.from_finalize ?? false,
      channel: { alternatives: [{ transcript: text, confidence: 0.98, words }] },
      metadata: { request_id: requestId, model_info: { name: q.get("model")!, version: "2026-09-01.0", arch: q.get("model")!.split("-").slice(0, 2).join("-") }, model_uuid: MODEL_UUID },
    });
  };
  const finish = async (end: { atMs: number; startMs: number }, flags: { speech_final: boolean; from_finalize?: boolean }) => {
    // The scripted line is taken when the utterance ends, so a noise burst too short for words takes none.
    const text = end.atMs - end.startMs < state.options.minScriptedSpeechMs ? "" : state.nextTranscript();
    transcript = "";
    await sleep(state.options.delays.sttFinalMs);
    results(text, end.startMs, end.atMs, { is_final: true, ...flags });
    lastWordEndMs = end.atMs;
    if (utteranceEndMs !== null) utteranceEndAt = end.atMs + utteranceEndMs;
  };

  ws.on("message", (data: Buffer, isBinary) => {
    touch();
    if (isBinary) {
      if (closing) return;
      for (const event of hear(data, call, detector)) {
        if (event.type === "start") {
          transcript = state.peekTranscript();
          interimsSent = 0;
          utteranceEndAt = null;
          if (q.get("vad_events") === "true") send({ type: "SpeechStarted", channel: [0, 1], timestamp: event.atMs / 1000 });
        } else if (event.type === "speech" && interim) {
          const due = Math.floor(event.speechMs / state.options.delays.sttInterimEveryMs);
          if (due > interimsSent) {
            interimsSent = due;
            results(firstWords(transcript, due), detector.audioMs - event.speechMs, detector.audioMs, { is_final: false, speech_final: false });
          }
        } else if (event.type === "end") {
          void finish(event, { speech_final: true });
        }
      }
      if (utteranceEndAt !== null && detector.audioMs >= utteranceEndAt && !detector.speaking) {
        utteranceEndAt = null;
        send({ type: "UtteranceEnd", channel: [0, 1], last_word_end: lastWordEndMs / 1000 });
      }
      return;
    }
    let msg: { type?: string };
    try {
      msg = JSON.parse(data.toString());
    } catch {
      msg = {};
    }
    seen.messages.push(msg);
    if (!NOVA_MESSAGES.includes(String(msg.type)) || Object.keys(msg).length !== 1) {
      // A text frame Deepgram cannot read ends the stream with a close frame that says why.
      seen.closedWith = 1008;
      return ws.close(1008, `DATA-0000: unknown message ${JSON.stringify(msg).slice(0, 60)}`);
    }
    if (msg.type === "Finalize") {
      const end = detector.forceEnd();
      if (end) void finish(end, { speech_final: false, from_finalize: true });
      // Nothing buffered: Deepgram still confirms, with an empty result.
      else void sleep(state.options.delays.sttFinalMs).then(() => results("", detector.audioMs, detector.audioMs, { is_final: true, speech_final: false, from_finalize: true }));
    } else if (msg.type === "CloseStream") {
      closing = true;
      const end = detector.forceEnd();
      void (end ? finish(end, { speech_final: true }) : Promise.resolve()).then(() => {
        send({ type: "Metadata", transaction_key: "deprecated", request_id: requestId, sha256: createHash("sha256").update(requestId).digest("hex"), created: new Date().toISOString(), duration: detector.audioMs / 1000, channels: 1 });
        seen.closedWith = 1000;
        ws.close(1000);
      });
    }
  });
}

function flux(ws: WebSocket, call: FakeCall): void {
  const { state, seen } = call;
  const detector = new UtteranceDetector({ speechRms: state.options.speechRms, minSpeechMs: state.options.minSpeechMs, endSilenceMs: state.options.fluxEndSilenceMs });
  const requestId = randomUUID();
  let sequence = 0;
  let turn = 0;
  let transcript = "";
  let updates = 0;
  const touch = idleWatch(ws, call);
  const send = (msg: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ ...msg, request_id: requestId, sequence_id: sequence++ }));
  };
  // Error is the one message without a request_id; the connection ends after it.
  const fatal = (code: string, description: string) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: "Error", sequence_id: sequence++, code, description }));
    seen.closedWith = 1008;
    ws.close(1008, code);
  };
  const info = (event: string, text: string, startMs: number, endMs: number) => {
    send({
      type: "TurnInfo",
      event,
      turn_index: turn,
      audio_window_start: startMs / 1000,
      audio_window_end: endMs / 1000,
      transcript: text,
      words: wordTimes(text, startMs, endMs).map((w) => ({ word: w.word, confidence: 0.97 })),
      end_of_turn_confidence: event === "EndOfTurn" ? 0.9 : 0.1,
    });
  };
  // Turn endings in the order they were asked for; CloseStream waits for them.
  let ending: Promise<void> = Promise.resolve();
  const endTurn = (end: { atMs: number; startMs: number }) => {
    const text = transcript;
    transcript = "";
    ending = ending.then(async () => {
      await sleep(state.options.delays.sttFinalMs);
      info("EndOfTurn", text, end.startMs, end.atMs);
      turn++;
    });
  };
  send({ type: "Connected" });
  ws.on("message", (data: Buffer, isBinary) => {
    touch();
    if (isBinary) {
      for (const event of hear(data, call, detector)) {
        if (event.type === "start") {
          transcript = state.nextTranscript();
          updates = 0;
          info("StartOfTurn", "", event.atMs, event.atMs);
        } else if (event.type === "speech") {
          const due = Math.floor(event.speechMs / 250);
          if (due > updates) {
            updates = due;
            info("Update", firstWords(transcript, due), detector.audioMs - event.speechMs, detector.audioMs);
          }
        } else if (event.type === "end") endTurn(event);
      }
      return;
    }
    let msg: { type?: string } & Record<string, unknown>;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      return fatal("UNPARSABLE_CLIENT_MESSAGE", "The message is not valid JSON");
    }
    seen.messages.push(msg);
    if (msg.type === "ForceEndTurn") {
      const end = detector.forceEnd();
      if (end) endTurn(end);
    } else if (msg.type === "CloseStream") {
      // Flux does not end the turn in progress on CloseStream, and closes without a status code.
      void ending.then(() => {
        seen.closedWith = 1005;
        ws.close();
      });
    } else if (msg.type === "Configure") {
      const problem = configureProblem(msg);
      if (problem) return send({ type: "ConfigureFailure" });
      const thresholds = (msg.thresholds ?? {}) as Record<string, number>;
      send({ type: "ConfigureSuccess", thresholds, keyterms: (msg.keyterms as string[] | undefined) ?? [] });
    } else {
      // KeepAlive and Finalize are Nova messages.
      fatal("UNPARSABLE_CLIENT_MESSAGE", `Unknown message type: ${String(msg.type)}`);
    }
  });
}

/** Why Flux would refuse a Configure message (its documented fields and ranges), or null. */
function configureProblem(msg: Record<string, unknown>): string | null {
  const unknown = Object.keys(msg).find((k) => !["type", "thresholds", "keyterms", "language_hints", "numerals"].includes(k));
  if (unknown) return `unknown field ${unknown}`;
  const t = (msg.thresholds ?? {}) as Record<string, unknown>;
  const ranges: Record<string, [number, number]> = { eager_eot_threshold: [0.3, 0.9], eot_threshold: [0.5, 1], eot_timeout_ms: [500, 60000] };
  for (const [name, value] of Object.entries(t)) {
    const range = ranges[name];
    if (!range || typeof value !== "number" || value < range[0] || value > range[1]) return `thresholds.${name} is invalid`;
  }
  if (msg.keyterms !== undefined && !(Array.isArray(msg.keyterms) && msg.keyterms.every((k) => typeof k === "string"))) return "keyterms must be a list of strings";
  return null;
}

export const deepgramListenRoutes: WsRoute[] = [
  { pattern: /^\/v1\/listen$/, surface: "listen", refuse: refuser("nova"), handle: nova },
  { pattern: /^\/v2\/listen$/, surface: "listen", refuse: refuser("flux"), handle: flux },
];
