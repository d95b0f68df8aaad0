import { describe, expect, it } from "vitest";
import { AsyncQueue } from "../providers/async-queue.ts";
import { ProviderError, type PcmFrame, type SessionEvent, type SttEvent, type SttProvider, type SttStream } from "../types.ts";
import { ProviderFailures } from "./provider-failures.ts";
import { Transcriber } from "./transcriber.ts";
import { MAX_STT_REOPENS, OUTAGE_RETRY_FIRST_MS } from "./tuning.ts";

/** A speech-to-text provider as the outside world: each stream opened, what it was sent, and levers for what it says. */
class FakeStream implements SttStream {
  readonly events = new AsyncQueue<SttEvent>();
  readonly pushed: PcmFrame[] = [];
  readonly ready: Promise<void>;
  readonly signal: AbortSignal;
  audioMs = 0;
  finalized = 0;
  accept!: () => void;

  constructor(signal: AbortSignal) {
    this.signal = signal;
    this.ready = new Promise((resolve) => (this.accept = resolve));
  }

  push(frame: PcmFrame): void {
    this.pushed.push(frame);
  }

  finalize(): void {
    this.finalized++;
  }

  async close(): Promise<void> {
    this.events.push({ type: "final", text: "last words" });
    this.events.end();
  }
}

function setup() {
  const t = { now: 0, events: [] as SessionEvent[], heard: [] as SttEvent[], failed: [] as ProviderError[], streams: [] as FakeStream[] };
  const provider: SttProvider = {
    providerId: "deepgram",
    model: "nova-3",
    turnEvents: true,
    open: (signal) => {
      const stream = new FakeStream(signal);
      t.streams.push(stream);
      return stream;
    },
  };
  const emit = (e: SessionEvent) => t.events.push(e);
  const now = () => t.now;
  const log = () => {};
  const failures = new ProviderFailures({ now, log, emit, language: "en", say: () => {}, fail: (error) => t.failed.push(error) });
  const transcriber = new Transcriber({ provider, now, log, emit, failures, onEvent: (e) => t.heard.push(e) });
  return { transcriber, t };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const usage = (events: SessionEvent[]) => events.flatMap((e) => (e.type === "usage" && e.usage.kind === "stt" ? [e.usage.audioMs] : []));

describe("the session's speech-to-text stream", () => {
  it("feeds the stream the utterances' audio and reports what it billed since the last report", () => {
    const { transcriber, t } = setup();
    transcriber.open();
    transcriber.send({ samples: new Int16Array(512), timeMs: 1_000, speakerId: "alice", probability: 0.9 });
    transcriber.finalize();
    expect(t.streams[0].pushed).toEqual([{ samples: new Int16Array(512), sampleRate: 16_000, timeMs: 1_000, speakerId: "alice" }]);
    expect(t.streams[0].finalized).toBe(1);
    t.streams[0].audioMs = 1_200;
    transcriber.reportUsage();
    transcriber.reportUsage();
    t.streams[0].audioMs = 1_500;
    transcriber.reportUsage();
    expect(usage(t.events)).toEqual([1_200, 300]);
    expect(t.events[0]).toEqual({ type: "usage", usage: { kind: "stt", providerId: "deepgram", model: "nova-3", audioMs: 1_200 } });
  });

  it("replaces a stream: its usage is reported, it is aborted, and what it still says is not heard", async () => {
    const { transcriber, t } = setup();
    transcriber.open();
    t.streams[0].audioMs = 500;
    transcriber.replace();
    expect(usage(t.events)).toEqual([500]);
    expect(t.streams[0].signal.aborted).toBe(true);
    t.streams[0].events.push({ type: "final", text: "from the dropped turn" });
    t.streams[1].events.push({ type: "final", text: "from now on" });
    await settle();
    expect(t.heard).toEqual([{ type: "final", text: "from now on" }]);
  });

  it("reopens a stream that ended, up to MAX_STT_REOPENS times in a row; then the error ends the session", async () => {
    const { transcriber, t } = setup();
    transcriber.open();
    const error = new ProviderError("stt", "deepgram", "bad_request", "the audio could not be decoded");
    const failLast = async () => {
      t.streams.at(-1)!.events.fail(error);
      await settle();
    };
    for (let i = 0; i < MAX_STT_REOPENS; i++) await failLast();
    expect(t.streams).toHaveLength(MAX_STT_REOPENS + 1);
    // A stream that works in between starts the count again.
    t.streams.at(-1)!.events.push({ type: "interim", text: "hello" });
    await settle();
    for (let i = 0; i < MAX_STT_REOPENS; i++) await failLast();
    expect(t.streams).toHaveLength(2 * MAX_STT_REOPENS + 1);
    expect(t.failed).toEqual([]);
    await failLast();
    expect(t.failed).toEqual([error]);
    expect(t.streams).toHaveLength(2 * MAX_STT_REOPENS + 1);
  });

  it("a bad key ends the session at once", async () => {
    const { transcriber, t } = setup();
    transcriber.open();
    const error = new ProviderError("stt", "deepgram", "invalid_key", "rejected", 401);
    t.streams[0].events.fail(error);
    await settle();
    expect(t.failed).toEqual([error]);
    expect(t.streams).toHaveLength(1);
  });

  it("an outage: deaf until the back-off has passed on the session clock, over once a new stream is accepted", async () => {
    const { transcriber, t } = setup();
    transcriber.open();
    t.streams[0].accept();
    t.streams[0].events.fail(new ProviderError("stt", "deepgram", "transient", "503", 503));
    await settle();
    expect(t.events).toEqual([expect.objectContaining({ type: "outage", state: "began" })]);
    t.now = OUTAGE_RETRY_FIRST_MS - 1;
    transcriber.tick();
    expect(t.streams).toHaveLength(1);
    t.now = OUTAGE_RETRY_FIRST_MS;
    transcriber.tick();
    expect(t.streams).toHaveLength(2);
    t.now = OUTAGE_RETRY_FIRST_MS + 300;
    t.streams[1].accept();
    await settle();
    expect(t.events[1]).toEqual({ type: "outage", state: "ended", providerKind: "stt", lastedMs: OUTAGE_RETRY_FIRST_MS + 300 });
  });

  it("on close, the provider's last words are still heard, the usage reported; the stream's end is not a failure", async () => {
    const { transcriber, t } = setup();
    transcriber.open();
    t.streams[0].audioMs = 800;
    await transcriber.close();
    await settle();
    expect(t.heard).toEqual([{ type: "final", text: "last words" }]);
    expect(usage(t.events)).toEqual([800]);
    expect(t.streams[0].signal.aborted).toBe(true);
    expect(t.streams).toHaveLength(1);
    expect(t.failed).toEqual([]);
  });
});
