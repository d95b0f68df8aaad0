import type { ChatMessage, LlmProvider, ToolCall, TtsProvider, TtsStream } from "../types.ts";
import type { ProviderUsage, ToolCallRecord } from "../../meetings/run-output.ts";
import type { AgentTools, ToolContext, ToolRights } from "../../tools/types.ts";
import type { Playout } from "./playout.ts";
import { SentenceChunker } from "./sentence-chunker.ts";
import { refusedCall, runToolCall, type ToolLimits, type ToolOutcome } from "./tool-runner.ts";
import { MAX_PARALLEL_TOOL_CALLS, MAX_TOOL_ROUNDS, TOOL_FILLER_AFTER_MS, TTS_LOOKAHEAD } from "./tuning.ts";

/** What a reply needs to let the model call tools (docs/tools.md). */
export interface ReplyTools {
  tools: AgentTools;
  /** What this turn's speaker may use: only these are offered, and every call is checked against them. */
  rights: ToolRights;
  context: ToolContext;
  limits: ToolLimits;
  /** In the agent's language: said while a slow tool runs, and when tools failed and the model said nothing. */
  phrases: { filler: string; apology: string };
  /** Each call once it ended (result in, failed, timed out or abandoned). */
  onToolCall: (record: ToolCallRecord) => void;
}

/** One round of calls and their results, as the next request (and later contexts) carry them. */
export interface ToolExchange {
  calls: ToolCall[];
  results: ChatMessage[];
}

export interface ReplyOptions {
  /** What to say: the LLM's answer to `messages` (calling tools if given), or a fixed text (`VoiceSession.say`). */
  source: { llm: LlmProvider; messages: ChatMessage[]; tools?: ReplyTools } | { text: string };
  tts: TtsProvider;
  /** False: the reply is written, not spoken (an answer in the chat): no TTS, no audio. */
  speak?: boolean;
  playout: Playout;
  now: () => number;
  onUsage: (usage: ProviderUsage) => void;
  /** Each sentence as it goes to TTS (the echo guard learns what the agent is saying). */
  onSentence: (sentence: string) => void;
  /** The first audio went to the output. */
  onFirstAudio: () => void;
}

/** Unicode characters, as TTS providers bill them. */
const characters = (text: string) => [...text].length;
/** ~4 characters per token: the estimate when a reply was cut off before the LLM reported usage. */
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/**
 * One reply of the agent: LLM tokens → sentence chunks → TTS (one stream per sentence, up to
 * TTS_LOOKAHEAD at once, so each sentence's audio is known exactly) → the output, in order. One
 * AbortController stops the LLM request, every tool call and every TTS stream at once. `run`
 * resolves when all audio has been handed to the output, rejects with the provider's error if a
 * stage failed, and resolves quietly when aborted.
 *
 * With tools, the model may answer with calls: each starts as soon as the stream completes it (in
 * parallel), whatever the model said before it is spoken meanwhile, and the results go back in a
 * new request whose answer the agent speaks; up to MAX_TOOL_ROUNDS rounds. While calls run past
 * TOOL_FILLER_AFTER_MS into silence, the agent says a filler (`tick`).
 */
export class Reply {
  readonly sentences: string[] = [];
  /** The tool rounds that completed (every result in), oldest first. */
  readonly exchanges: ToolExchange[] = [];
  toolCalls = 0;
  /** Time spent waiting for tool results, over all rounds (null without calls). */
  toolMs: number | null = null;
  llmFirstTokenMs: number | null = null;
  ttsFirstAudioMs: number | null = null;
  firstAudioAt: number | null = null;
  private readonly options: ReplyOptions;
  private readonly controller = new AbortController();
  private readonly streams: TtsStream[] = [];
  private readonly finished = new Set<number>();
  private textDone = false;
  private consumed = 0;
  private firstTextAt: number | null = null;
  private wake: (() => void) | null = null;
  private failure: unknown = null;
  /** Since when the current round's calls have been running. */
  private toolsSince: number | null = null;
  private fillerSaid = false;

  constructor(options: ReplyOptions) {
    this.options = options;
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** The whole reply is written and all its audio handed over. */
  get complete(): boolean {
    return this.textDone && this.finished.size === this.sentences.length;
  }

  async run(): Promise<void> {
    await Promise.all([this.produce().catch((err) => this.fail(err)), this.consume().catch((err) => this.fail(err))]);
    if (this.failure) throw this.failure;
  }

  /** Stops the LLM and every TTS stream of this reply, once. */
  abort(): void {
    if (this.aborted) return;
    this.controller.abort();
    this.streams.forEach((s, i) => {
      if (!this.finished.has(i)) s.cancel();
    });
    this.notify();
  }

  /**
   * The session's clock moved on (every VAD block): while tool calls run past TOOL_FILLER_AFTER_MS
   * and the agent is silent (a lead-in the model said has played out), it says the filler, once.
   */
  tick(): void {
    if (this.toolsSince === null || this.fillerSaid || this.aborted || !("llm" in this.options.source)) return;
    const { now, playout, source } = this.options;
    if (now() - this.toolsSince < TOOL_FILLER_AFTER_MS) return;
    if (this.consumed < this.sentences.length || playout.endsAt > now()) return;
    this.fillerSaid = true;
    this.addSentence(source.tools!.phrases.filler);
  }

  private fail(err: unknown): void {
    if (this.aborted) return; // errors caused by our own abort
    this.failure = err;
    this.abort();
  }

  private async produce(): Promise<void> {
    const { source, now, onUsage } = this.options;
    if ("text" in source) {
      const chunker = new SentenceChunker();
      [...chunker.push(source.text), ...chunker.flush()].forEach((s) => this.addSentence(s));
      this.textDone = true;
      this.notify();
      return;
    }
    const { llm, tools } = source;
    let messages = source.messages;
    let toolsFailed = false;
    try {
      for (let round = 0; !this.aborted; round++) {
        const chunker = new SentenceChunker();
        const calls: ToolCall[] = [];
        const running: Promise<ToolOutcome>[] = [];
        const runsTools = tools !== undefined && round < MAX_TOOL_ROUNDS;
        const started = now();
        let said = "";
        let usage: { inputTokens: number; outputTokens: number } | null = null;
        try {
          for await (const chunk of llm.chat(messages, this.controller.signal, tools ? { tools: tools.rights.specs } : undefined)) {
            if (this.aborted) break;
            if (chunk.type === "usage") {
              usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
              continue;
            }
            if (round === 0) this.llmFirstTokenMs ??= now() - started;
            if (chunk.type === "tool_call") {
              calls.push(chunk.call);
              // Each call starts as soon as the stream has it; beyond the last round none runs.
              // From the second round on, the model has read tool results: they never widen rights.
              if (runsTools) running.push(this.startTool(tools, chunk.call, running.length, round > 0));
              continue;
            }
            if (!chunk.delta) continue;
            said += chunk.delta;
            chunker.push(chunk.delta).forEach((s) => this.addSentence(s));
          }
          // What the model said before its calls is spoken while they run.
          if (!this.aborted) chunker.flush().forEach((s) => this.addSentence(s));
        } finally {
          usage ??= {
            inputTokens: estimateTokens(messages.reduce((n, m) => n + characters(m.content) + (m.toolCalls ? characters(JSON.stringify(m.toolCalls)) : 0), 0)),
            outputTokens: estimateTokens(characters(said) + calls.reduce((n, c) => n + characters(c.name + c.arguments), 0)),
          };
          onUsage({ kind: "ai", providerId: llm.providerId, model: llm.model, ...usage });
        }
        if (this.aborted) break;
        if (calls.length === 0 || !runsTools) {
          // Tools failed (or could run no more) and the model found no words: the agent still answers.
          if (!said.trim() && (toolsFailed || calls.length > 0) && tools) this.addSentence(tools.phrases.apology);
          break;
        }
        this.toolsSince = now();
        this.tick();
        const outcomes = await Promise.all(running);
        this.toolMs = (this.toolMs ?? 0) + (now() - this.toolsSince);
        this.toolsSince = null;
        if (this.aborted) break;
        toolsFailed ||= outcomes.some((o) => !o.record.ok);
        const results = outcomes.map((o) => o.message);
        this.exchanges.push({ calls, results });
        messages = [...messages, { role: "assistant", content: said, toolCalls: calls }, ...results];
      }
    } finally {
      this.textDone = true;
      this.notify();
    }
  }

  /**
   * Starts one call (the n-th of its round), bounded; reports it when it ends. A call outside the
   * speaker's rights, or one that acts made after a tool result was read, is refused whatever the
   * model says: the model gets the reason as the call's result.
   */
  private startTool(tools: ReplyTools, call: ToolCall, n: number, afterToolResult: boolean): Promise<ToolOutcome> {
    this.toolCalls++;
    const { now } = this.options;
    const refusal = tools.rights.refusal(call.name, afterToolResult);
    const run =
      refusal !== null
        ? Promise.resolve(refusedCall(call, tools.context, refusal, now))
        : n >= MAX_PARALLEL_TOOL_CALLS
          ? Promise.resolve(refusedCall(call, tools.context, `only ${MAX_PARALLEL_TOOL_CALLS} calls can run at once`, now))
          : runToolCall(tools.tools, call, tools.context, this.controller.signal, tools.limits, now);
    return run.then((outcome) => {
      tools.onToolCall(outcome.record);
      return outcome;
    });
  }

  private addSentence(sentence: string): void {
    this.sentences.push(sentence);
    this.options.onSentence(sentence);
    this.openAhead();
    this.notify();
  }

  /** Opens TTS streams for the next sentences, keeping at most TTS_LOOKAHEAD unfinished. */
  private openAhead(): void {
    const { tts, now } = this.options;
    if (this.options.speak === false) return;
    while (!this.aborted && this.streams.length < this.sentences.length && this.streams.length < this.consumed + TTS_LOOKAHEAD) {
      const text = this.sentences[this.streams.length];
      const stream = tts.open(this.controller.signal);
      this.streams.push(stream);
      this.firstTextAt ??= now();
      stream.pushText(text);
      stream.end();
    }
  }

  private async consume(): Promise<void> {
    const { tts, playout, now, onUsage, onFirstAudio } = this.options;
    try {
      for (let i = 0; ; i++) {
        while (i >= this.sentences.length && !this.textDone && !this.aborted) await new Promise<void>((resolve) => (this.wake = resolve));
        if (this.aborted || i >= this.sentences.length) return;
        if (this.options.speak === false) {
          // Written only: a sentence is done once the model has said it.
          this.finished.add(i);
          this.consumed = i + 1;
          continue;
        }
        this.openAhead();
        for await (const pcm of this.streams[i].audio) {
          if (this.aborted) return;
          if (this.firstAudioAt === null) {
            this.firstAudioAt = now();
            this.ttsFirstAudioMs = this.firstAudioAt - (this.firstTextAt ?? this.firstAudioAt);
            onFirstAudio();
          }
          playout.play(pcm, tts.sampleRate, i);
        }
        this.finished.add(i);
        playout.sentenceDone(i);
        this.consumed = i + 1;
      }
    } finally {
      // What the provider bills: every character sent, heard or not (final once a stream ended or was cancelled).
      const sent = this.streams.reduce((n, s) => n + s.characters, 0);
      if (sent) onUsage({ kind: "tts", providerId: tts.providerId, model: tts.model, characters: sent });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
