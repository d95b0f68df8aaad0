export interface SseEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  data: string;
}

/**
 * Server-sent events from a byte stream (WHATWG rules: LF, CRLF or CR line ends, multi-line data,
 * comments ignored). Decoding is streaming, so a multi-byte character split across chunks survives.
 */
export async function* readSse(chunks: AsyncIterable<Buffer>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  const dispatch = function* () {
    if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
    event = "";
    data = [];
  };
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      const lf = buffer.indexOf("\n", start);
      const cr = buffer.indexOf("\r", start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) break;
      // A CR at the very end might be the first half of CRLF: wait for the next chunk.
      if (end === cr && cr === buffer.length - 1) break;
      const line = buffer.slice(start, end);
      start = end + (buffer[end] === "\r" && buffer[end + 1] === "\n" ? 2 : 1);
      if (line === "") {
        yield* dispatch();
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") data.push(value);
      else if (field === "event") event = value;
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.decode();
  if (buffer.length > 0 && !buffer.startsWith(":")) {
    const colon = buffer.indexOf(":");
    if (colon !== -1 && buffer.slice(0, colon) === "data") data.push(buffer.slice(colon + 1).replace(/^ /, ""));
  }
  yield* dispatch();
}
