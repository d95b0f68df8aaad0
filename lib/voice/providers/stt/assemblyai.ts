import type { ProviderConfig, SttProvider } from "../../types.ts";
import { resolveEndpoint, toWebSocketUrl } from "../endpoint.ts";
import { providerError } from "../errors.ts";
import { extraParam, termList } from "../extra.ts";
import type { AdapterOptions } from "../options.ts";
import { WsSttStream, type WsSttSetup } from "./ws-stt-stream.ts";

// AssemblyAI Universal-Streaming v3 (assemblyai.com/docs/streaming): wss://streaming.assemblyai.com/v3/ws,
// the key in `Authorization`, binary pcm_s16le in chunks of 50–1000 ms. The session starts with
// `Begin`; `Turn` messages carry the running transcript and `end_of_turn` (with format_turns the
// formatted copy follows the raw one); `ForceEndpoint` ends the turn now; `Terminate` → `Termination`
// with the session's length, which is what AssemblyAI bills. Failures arrive as an `Error` frame and a
// close code: 1008 for a refused key (or too many sessions), 3005–3008 for session and input problems.

const STREAMING_HOST = "https://streaming.assemblyai.com";

interface TurnWord {
  text: string;
  start: number;
  end: number;
  word_is_final?: boolean;
}

class AssemblyAiStream extends WsSttStream {
  protected readonly chunkMs = 50;
  protected readonly padChunks = true;
  // No idle timeout unless one is asked for (inactivity_timeout), so nothing to hold the line with.
  protected readonly keepAliveWith = null;
  protected readonly finalizeMessage = JSON.stringify({ type: "ForceEndpoint" });
  protected readonly closeMessages = [JSON.stringify({ type: "Terminate" })];
  // Audio sent faster than real time is refused (3007): replay at most a second after a reconnect.
  protected maxBacklogMs = 1_000;
  protected waitsForStart = true;
  private lastError = "";
  private readonly formatted: boolean;

  constructor(setup: WsSttSetup, formatted: boolean) {
    super(setup);
    this.formatted = formatted;
    this.start();
  }

  /** AssemblyAI bills the time a session is open, not the audio in it. */
  override get audioMs(): number {
    return this.sessionMs();
  }

  protected handle(message: Record<string, unknown>): void {
    switch (message.type) {
      case "Begin":
        return this.sessionStarted();
      case "Error":
        this.lastError = String(message.error ?? "");
        return;
      case "Termination": {
        const seconds = Number(message.session_duration_seconds);
        if (Number.isFinite(seconds)) this.settleSession(seconds * 1000);
        return;
      }
      case "Turn":
        return this.turn(message);
    }
  }

  private turn(message: Record<string, unknown>): void {
    const words = (message.words as TurnWord[] | undefined) ?? [];
    if (!message.end_of_turn) {
      // `transcript` holds only finalised words; the live caption includes the ones still moving.
      const live = words.map((w) => w.text).join(" ").trim();
      return this.emitInterim(live || String(message.transcript ?? "").trim());
    }
    // With format_turns the raw end of turn is followed by its formatted copy: wait for that one.
    if (this.formatted && !message.turn_is_formatted) return;
    this.emitFinal(String(message.transcript ?? "").trim(), {
      words: words.map((w) => ({ text: w.text, startMs: this.clock.toSession(w.start), endMs: this.clock.toSession(w.end) })),
      startMs: words.length ? this.clock.toSession(words[0].start) : undefined,
      endMs: words.length ? this.clock.toSession(words[words.length - 1].end) : undefined,
    });
    this.emitEndOfTurn();
  }

  protected closeFailure(code: number, reason: string) {
    const detail = this.lastError || reason;
    this.lastError = "";
    if (code === 1000 || code === 1005) return null;
    if (code === 1008 || code === 4001 || code === 4003) {
      // 1008 also covers "too many concurrent sessions", which goes away by itself.
      return /concurren|too many/i.test(detail) ? providerError(this.ref, "transient", detail, code) : providerError(this.ref, "invalid_key", detail, code);
    }
    if (code === 4002) return providerError(this.ref, "invalid_key", detail || "insufficient funds", code);
    // 3006/3007: a message or chunk we got wrong; repeating it would fail the same way.
    if (code === 3006 || code === 3007 || code === 4000 || code === 4101) return providerError(this.ref, "bad_request", detail, code);
    // 3005 server error, 3008 session expired (3 h limit), 3009 concurrency, 1011…: a new session helps.
    return providerError(this.ref, "transient", detail || `connection closed (${code})`, code);
  }
}

export function createAssemblyAiStt(config: ProviderConfig, options: AdapterOptions): SttProvider {
  const endpoint = resolveEndpoint("stt", config, STREAMING_HOST);
  const ref = { kind: "stt" as const, providerId: config.providerId, apiKey: config.apiKey };
  const formatted = extraParam<boolean>("stt", config, "format_turns") ?? true;
  const url = toWebSocketUrl(endpoint.base, "/v3/ws");
  const q = url.searchParams;
  q.set("sample_rate", "16000");
  q.set("encoding", "pcm_s16le");
  q.set("speech_model", config.model);
  q.set("format_turns", String(formatted));
  // The catalogue uses AssemblyAI's own names for these.
  for (const param of ["end_of_turn_confidence_threshold", "min_turn_silence", "max_turn_silence"]) {
    const value = extraParam<number>("stt", config, param);
    if (value !== undefined) q.set(param, String(value));
  }
  const keyterms = termList(extraParam<string>("stt", config, "keyterms_prompt"));
  if (keyterms.length > 0) q.set("keyterms_prompt", JSON.stringify(keyterms));

  return {
    providerId: config.providerId,
    model: config.model,
    turnEvents: true,
    open(signal) {
      return new AssemblyAiStream({ ref, options, signal, url, headers: { authorization: config.apiKey }, guarded: endpoint.guarded }, formatted);
    },
  };
}
