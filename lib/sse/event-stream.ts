// One Server-Sent Events stream: the wire format, the heartbeat, and closing from either side. A
// stream starts with `retry:` (how soon EventSource reconnects), then what `start` sends; a comment
// line every heartbeat keeps proxies from closing a quiet stream. Whoever ends it, the subscription
// and the heartbeat end with it.

const encoder = new TextEncoder();
const RETRY_MS = 2000;

export interface EventStream {
  /** True once either side has ended it; writes are then dropped. */
  readonly closed: boolean;
  /** One event: its name, its data as JSON, and its id when the client may resume after it (Last-Event-ID). */
  send(event: string, data: unknown, id?: string | number): void;
  /** A comment line (`: text`), which EventSource ignores. */
  comment(text: string): void;
  /** Ends the stream from our side (what the client has read stays read). */
  close(): void;
}

export interface EventStreamOptions {
  /** Subscribes to what wakes the stream and sends its first events; gives the unsubscribe. */
  start: (stream: EventStream) => Promise<(() => void) | void>;
  heartbeatMs: number;
  /** What each heartbeat does; by default a `: ping` comment. */
  heartbeat?: (stream: EventStream) => void;
  /** Once, when the stream ends: `clientGone` when the client went (it cancelled, the request was aborted). */
  onClose?: (clientGone: boolean) => void;
  /** The request's signal: its abort is the client going. */
  signal?: AbortSignal;
}

export function openEventStream(opts: EventStreamOptions): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let unsubscribe: (() => void) | void = undefined;
  let heartbeat: NodeJS.Timeout | null = null;

  const end = (clientGone: boolean) => {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe?.();
    try {
      controller.close();
    } catch {
      // the client went first
    }
    opts.onClose?.(clientGone);
  };
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end(false);
    }
  };
  const stream: EventStream = {
    get closed() {
      return closed;
    },
    send: (event, data, id) => write(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    close: () => end(false),
  };

  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      write(`retry: ${RETRY_MS}\n\n`);
      unsubscribe = await opts.start(stream);
      // Ended while subscribing: nothing else will unsubscribe.
      if (closed) return unsubscribe?.();
      const beat = opts.heartbeat ?? (() => stream.comment("ping"));
      heartbeat = setInterval(() => beat(stream), opts.heartbeatMs);
    },
    cancel() {
      end(true);
    },
  });
  // A client gone before the stream was made (aborted while the route was still reading) sends no
  // abort event any more: without this check its subscription and heartbeat would run forever.
  if (opts.signal?.aborted) end(true);
  else opts.signal?.addEventListener("abort", () => end(true), { once: true });
  return body;
}
