import type { ProviderConfig, SttProvider, SttWord } from "../../types.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import { resolveEndpoint, toWebSocketUrl } from "../endpoint.ts";
import { extraParam, termList } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { WsSttStream, type WsSttSetup } from "./ws-stt-stream.ts";

// Deepgram live transcription (developers.deepgram.com/docs/live-streaming-audio): one WebSocket per
// session, `Authorization: Token <key>` (a wrong key refuses the upgrade with 401), binary linear16
// audio in, JSON out. Nova models: /v1/listen with Results (is_final, speech_final, from_finalize)
// and UtteranceEnd; `Finalize` flushes, `KeepAlive` holds the line through silence (Deepgram closes
// after 10 s without data), `CloseStream` ends with the last results. Flux models: /v2/listen with
// TurnInfo events (see DeepgramFluxStream).

interface DeepgramWord {
  word: string;
  punctuated_word?: string;
  start: number;
  end: number;
  speaker?: number;
}

const CLOSE_STREAM = JSON.stringify({ type: "CloseStream" });

function deepgramCloseFailure(ref: ProviderRef, code: number, reason: string) {
  // 1008: Deepgram could not decode the audio (DATA-0000): our bug, reconnecting would repeat it.
  if (code === 1008) return providerError(ref, "bad_request", reason || "the audio could not be decoded", code);
  if (code === 1000 || code === 1005) return null;
  // 1011 (NET-0001 idle timeout, internal errors) and anything else: reconnect.
  return providerError(ref, "transient", reason || `connection closed (${code})`, code);
}

class DeepgramNovaStream extends WsSttStream {
  protected readonly chunkMs = 50;
  protected readonly padChunks = false;
  protected readonly keepAliveWith = { message: JSON.stringify({ type: "KeepAlive" }) };
  protected readonly finalizeMessage = JSON.stringify({ type: "Finalize" });
  protected readonly closeMessages = [CLOSE_STREAM];
  private readonly diarize: boolean;

  constructor(setup: WsSttSetup, diarize: boolean) {
    super(setup);
    this.diarize = diarize;
    this.start();
  }

  protected handle(message: Record<string, unknown>): void {
    if (message.type === "UtteranceEnd") return this.emitEndOfTurn();
    if (message.type !== "Results") return;
    const channel = message.channel as { alternatives?: { transcript?: string; words?: DeepgramWord[] }[] } | undefined;
    const alternative = channel?.alternatives?.[0];
    const text = alternative?.transcript?.trim() ?? "";
    const words = alternative?.words ?? [];
    const speakerId = this.diarize ? dominantSpeaker(words) : undefined;
    if (!message.is_final) return this.emitInterim(text, speakerId);
    const start = Number(message.start ?? 0) * 1000;
    const duration = Number(message.duration ?? 0) * 1000;
    this.emitFinal(text, {
      words: words.map(
        (w): SttWord => ({ text: w.punctuated_word ?? w.word, startMs: this.clock.toSession(w.start * 1000), endMs: this.clock.toSession(w.end * 1000) }),
      ),
      startMs: this.clock.toSession(start),
      endMs: this.clock.toSession(start + duration),
      speakerId,
    });
    // speech_final: Deepgram's endpointing heard the end; from_finalize: the answer to our Finalize.
    if (message.speech_final || message.from_finalize) this.emitEndOfTurn();
  }

  protected closeFailure(code: number, reason: string) {
    return deepgramCloseFailure(this.ref, code, reason);
  }
}

/** With diarize on, the speaker who said most of the words ("speaker-0", …). */
function dominantSpeaker(words: DeepgramWord[]): string | undefined {
  const counts = new Map<number, number>();
  for (const w of words) if (typeof w.speaker === "number") counts.set(w.speaker, (counts.get(w.speaker) ?? 0) + 1);
  let best: number | undefined;
  for (const [speaker, n] of counts) if (best === undefined || n > counts.get(best)!) best = speaker;
  return best === undefined ? undefined : `speaker-${best}`;
}

/**
 * Flux (developers.deepgram.com/docs/flux): the model detects turns itself. TurnInfo `Update`s carry
 * the running transcript, `EndOfTurn` the turn's final one; `finalize()` sends `ForceEndTurn`, so our
 * VAD can still end a turn the model is unsure about. Flux closes without a close code.
 */
class DeepgramFluxStream extends WsSttStream {
  protected readonly chunkMs = 80;
  protected readonly padChunks = false;
  // KeepAlive is a Nova message; Flux's idle socket is held with 80 ms of silence (2 % of the quiet time).
  protected readonly keepAliveWith = { silenceMs: 80 };
  protected readonly finalizeMessage = JSON.stringify({ type: "ForceEndTurn" });
  // CloseStream alone drops the turn in progress (no EndOfTurn): end it first.
  protected readonly closeMessages = [JSON.stringify({ type: "ForceEndTurn" }), CLOSE_STREAM];

  constructor(setup: WsSttSetup) {
    super(setup);
    this.start();
  }

  protected handle(message: Record<string, unknown>): void {
    if (message.type === "Error") {
      const detail = String(message.description ?? message.code ?? "error");
      return this.fail(providerError(this.ref, "bad_request", detail));
    }
    if (message.type !== "TurnInfo") return;
    const text = String(message.transcript ?? "").trim();
    if (message.event === "EndOfTurn") {
      const words = (message.words as { word: string; start?: number; end?: number }[] | undefined) ?? [];
      const start = Number(message.audio_window_start ?? 0) * 1000;
      const end = Number(message.audio_window_end ?? 0) * 1000;
      this.emitFinal(text, {
        words: words
          .filter((w) => typeof w.start === "number" && typeof w.end === "number")
          .map((w) => ({ text: w.word, startMs: this.clock.toSession(w.start! * 1000), endMs: this.clock.toSession(w.end! * 1000) })),
        startMs: this.clock.toSession(start),
        endMs: this.clock.toSession(end),
      });
      return this.emitEndOfTurn();
    }
    if (message.event === "Update" || message.event === "StartOfTurn" || message.event === "TurnResumed" || message.event === "EagerEndOfTurn") {
      this.emitInterim(text);
    }
  }

  protected closeFailure(code: number, reason: string) {
    return deepgramCloseFailure(this.ref, code, reason);
  }
}

export function createDeepgramStt(config: ProviderConfig, options: AdapterOptions): SttProvider {
  const endpoint = resolveEndpoint("stt", config);
  const ref = { kind: "stt" as const, providerId: config.providerId, apiKey: config.apiKey };
  const flux = config.model.startsWith("flux");
  const keyterms = termList(extraParam<string>("stt", config, "keyterm"));

  const url = toWebSocketUrl(endpoint.base, flux ? "/v2/listen" : "/v1/listen");
  const q = url.searchParams;
  q.set("model", config.model);
  q.set("encoding", "linear16");
  q.set("sample_rate", "16000");
  if (flux) {
    for (const term of keyterms) q.append("keyterm", term);
  } else {
    q.set("channels", "1");
    q.set("language", config.language);
    const interim = extraParam<boolean>("stt", config, "interim_results") ?? true;
    q.set("interim_results", String(interim));
    q.set("endpointing", String(extraParam<number>("stt", config, "endpointing") ?? 300));
    // UtteranceEnd needs interim results (Deepgram refuses the pair otherwise).
    if (interim) q.set("utterance_end_ms", String(extraParam<number>("stt", config, "utterance_end_ms") ?? 1000));
    q.set("smart_format", String(extraParam<boolean>("stt", config, "smart_format") ?? true));
    q.set("diarize", String(extraParam<boolean>("stt", config, "diarize") ?? false));
    // Nova-3 boosts terms with `keyterm`; older models only know `keywords`.
    for (const term of keyterms) q.append(config.model.startsWith("nova-3") ? "keyterm" : "keywords", term);
  }
  const diarize = !flux && (extraParam<boolean>("stt", config, "diarize") ?? false);

  return {
    providerId: config.providerId,
    model: config.model,
    turnEvents: true,
    open(signal) {
      const setup: WsSttSetup = { ref, options, signal, url, headers: { authorization: `Token ${config.apiKey}` }, guarded: endpoint.guarded };
      return flux ? new DeepgramFluxStream(setup) : new DeepgramNovaStream(setup, diarize);
    },
  };
}
