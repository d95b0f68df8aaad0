import { describe, expect, it } from "vitest";
import { readSse } from "@/lib/voice/providers/sse";
import { collect } from "./support";

async function* bytes(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p, "utf8");
}

describe("readSse", () => {
  it("reads named and unnamed events, multi-line data, and skips comments", async () => {
    const events = await collect(readSse(bytes(": ping\n\nevent: message_start\ndata: {\"a\":1}\n\ndata: line one\ndata: line two\n\n")));
    expect(events).toEqual([
      { event: "message_start", data: '{"a":1}' },
      { event: "message", data: "line one\nline two" },
    ]);
  });

  it("handles CRLF split across chunks (Gemini ends events with \\r\\n\\r\\n) and a character split across chunks", async () => {
    const euro = Buffer.from("data: 5 €\r\n\r\n", "utf8");
    const cut = euro.indexOf(0xe2) + 1;
    const events = await collect(readSse(bytes("data: first\r", "\n\r\n", euro.subarray(0, cut), euro.subarray(cut))));
    expect(events).toEqual([
      { event: "message", data: "first" },
      { event: "message", data: "5 €" },
    ]);
  });

  it("dispatches a last event the stream ends without a blank line after", async () => {
    expect(await collect(readSse(bytes("data: [DONE]")))).toEqual([{ event: "message", data: "[DONE]" }]);
  });
});
