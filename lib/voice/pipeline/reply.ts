import type { ChatMessage, LlmProvider, ProviderUsage, TtsProvider, TtsStream } from "../types.ts";
import type { Playout } from "./playout.ts";
import { SentenceChunker } from "./sentence-chunker.ts";
import { TTS_LOOKAHEAD } from "./tuning.ts";

export interface ReplyOptions {
  /** What to say: the LLM's answer to `messages`, or a fixed text (`VoiceSession.say`). */
  source: { llm: LlmProvider; messages: ChatMessage[] } | { text: string };
  tts: TtsProvider;
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
 * AbortController stops the LLM request and every TTS stream at once. `run` resolves when all audio
 * has been handed to the output, rejects with the provider's error if a stage failed, and resolves
 * quietly when aborted.
 */
export class Reply {
  readonly sentences: string[] = [];
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

  private fail(err: unknown): void {
    if (this.aborted) return; // errors caused by our own abort
    this.failure = err;
    this.abort();
  }

  private async produce(): Promise<void> {
    const { source, now, onUsage } = this.options;
    const chunker = new SentenceChunker();
    if ("text" in source) {
      [...chunker.push(source.text), ...chunker.flush()].forEach((s) => this.addSentence(s));
      this.textDone = true;
      this.notify();
      return;
    }
    const { llm, messages } = source;
    const started = now();
    let generated = "";
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    try {
      for await (const chunk of llm.chat(messages, this.controller.signal)) {
        if (this.aborted) break;
        if (chunk.type === "usage") {
          usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
          continue;
        }
        if (!chunk.delta) continue;
        this.llmFirstTokenMs ??= now() - started;
        generated += chunk.delta;
        chunker.push(chunk.delta).forEach((s) => this.addSentence(s));
      }
      if (!this.aborted) chunker.flush().forEach((s) => this.addSentence(s));
    } finally {
      this.textDone = true;
      this.notify();
      usage ??= {
        inputTokens: estimateTokens(messages.reduce((n, m) => n + characters(m.content), 0)),
        outputTokens: estimateTokens(characters(generated)),
      };
      onUsage({ kind: "ai", providerId: llm.providerId, model: llm.model, ...usage });
    }
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
