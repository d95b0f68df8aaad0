// Reads a Server-Sent Events body the way EventSource does, for tests of the room's event stream.
export interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
}

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = "";
  private readonly queue: SseEvent[] = [];
  ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event satisfying `match` (events before it are dropped); fails after `timeoutMs`. */
  async next(match: (e: SseEvent) => boolean = () => true, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.queue.length > 0) {
        const e = this.queue.shift()!;
        if (match(e)) return e;
      }
      if (this.ended) throw new Error("the event stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no matching event within the timeout");
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((r) => (timer = setTimeout(() => r(null), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk === null) continue;
      if (chunk.done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = this.buffer.indexOf("\n\n")) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((l) => l && !l.startsWith(":"))
            .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trimStart()]),
        );
        if (fields.event) this.queue.push({ event: fields.event, data: JSON.parse(fields.data), id: fields.id });
      }
    }
  }

  /** Every event that arrives within `ms`. */
  async drainFor(ms: number): Promise<SseEvent[]> {
    const out: SseEvent[] = [];
    const until = Date.now() + ms;
    for (;;) {
      try {
        out.push(await this.next(() => true, Math.max(1, until - Date.now())));
      } catch {
        return out;
      }
    }
  }

  async cancel() {
    await this.reader.cancel().catch(() => {});
  }
}
