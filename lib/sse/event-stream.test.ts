import { describe, expect, it } from "vitest";
import { coalescedDrain } from "./coalesced-drain.ts";
import { openEventStream, type EventStream } from "./event-stream.ts";
import { lastEventId } from "./last-event-id.ts";

/** Everything the stream writes, as text, until it ends or `until` holds. */
async function read(body: ReadableStream<Uint8Array>, until: (text: string) => boolean = () => false): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    if (until(text)) {
      await reader.cancel();
      return text;
    }
  }
}

describe("openEventStream", () => {
  it("writes retry first, then events in the SSE format, and ends with close()", async () => {
    let unsubscribed = 0;
    const body = openEventStream({
      heartbeatMs: 60_000,
      async start(stream) {
        stream.send("self", { id: "p1", name: "Ada" });
        stream.send("signal", { from: "p2" }, "42");
        stream.send("meeting.status_changed", { status: "joining" }, 7);
        stream.close();
        stream.send("late", {});
        return () => unsubscribed++;
      },
    });
    expect(await read(body)).toBe(
      'retry: 2000\n\nevent: self\ndata: {"id":"p1","name":"Ada"}\n\nid: 42\nevent: signal\ndata: {"from":"p2"}\n\nid: 7\nevent: meeting.status_changed\ndata: {"status":"joining"}\n\n',
    );
    // Closed while subscribing: the subscription ends as soon as it exists.
    expect(unsubscribed).toBe(1);
  });

  it("sends a ping comment every heartbeat, or runs the caller's heartbeat", async () => {
    const pings = await read(openEventStream({ heartbeatMs: 20, start: async () => {} }), (t) => t.split(": ping\n\n").length > 3);
    expect(pings.startsWith("retry: 2000\n\n: ping\n\n: ping\n\n")).toBe(true);
    const own = await read(openEventStream({ heartbeatMs: 20, start: async () => {}, heartbeat: (s) => s.comment("still here") }), (t) => t.includes(": still here\n\n"));
    expect(own).toBe("retry: 2000\n\n: still here\n\n");
  });

  it("tells who ended it: the client (cancel, abort) or us, and stops the heartbeat and the subscription", async () => {
    const ends: boolean[] = [];
    let unsubscribed = 0;
    let beats = 0;
    const open = (signal?: AbortSignal) =>
      openEventStream({ heartbeatMs: 10, signal, heartbeat: () => beats++, start: async () => () => unsubscribed++, onClose: (clientGone) => ends.push(clientGone) });

    const cancelled = open().getReader();
    await cancelled.read();
    await new Promise((r) => setTimeout(r, 30));
    await cancelled.cancel();
    const aborter = new AbortController();
    const aborted = open(aborter.signal).getReader();
    await aborted.read();
    aborter.abort();
    expect(await aborted.read()).toEqual({ done: true, value: undefined });
    let mine: EventStream | null = null;
    const closedByUs = openEventStream({ heartbeatMs: 10, start: async (s) => void (mine = s), onClose: (clientGone) => ends.push(clientGone) }).getReader();
    await closedByUs.read();
    mine!.close();
    expect(await closedByUs.read()).toEqual({ done: true, value: undefined });

    expect(ends).toEqual([true, true, false]);
    expect(unsubscribed).toBe(2);
    const after = beats;
    await new Promise((r) => setTimeout(r, 40));
    expect(beats).toBe(after);
    expect(mine!.closed).toBe(true);
  });

  it("a client already gone when the stream is made ends it at once: the subscription and heartbeat do not leak", async () => {
    const gone = new AbortController();
    gone.abort();
    let unsubscribed = 0;
    let beats = 0;
    const ends: boolean[] = [];
    let subscribed!: () => void;
    const started = new Promise<void>((resolve) => (subscribed = resolve));
    openEventStream({
      heartbeatMs: 5,
      signal: gone.signal,
      heartbeat: () => beats++,
      onClose: (clientGone) => ends.push(clientGone),
      start: async () => {
        await new Promise((r) => setTimeout(r, 10)); // subscribing takes a while
        subscribed();
        return () => unsubscribed++;
      },
    });
    await started;
    await new Promise((r) => setTimeout(r, 30));
    expect(ends).toEqual([true]);
    expect(unsubscribed).toBe(1);
    expect(beats).toBe(0);
  });
});

describe("coalescedDrain", () => {
  it("runs one drain at a time and at most one more for any number of wake-ups, and retries a failed one", async () => {
    let runs = 0;
    let release!: () => void;
    const failures: unknown[] = [];
    let closed = false;
    const wake = coalescedDrain(
      async () => {
        runs++;
        if (runs === 1) await new Promise<void>((r) => (release = r));
        if (runs === 2) throw new Error("database away");
      },
      { closed: () => closed, failed: (err) => failures.push(err) },
    );
    wake();
    wake();
    wake();
    wake();
    expect(runs).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 700));
    // The first run, one for the three wake-ups meanwhile (it failed), and its retry.
    expect(runs).toBe(3);
    expect(failures).toEqual([new Error("database away")]);
    closed = true;
    wake();
    expect(runs).toBe(3);
  });
});

it("takes a Last-Event-ID only when it is one of ours", () => {
  expect(lastEventId("123", 9)).toBe("123");
  expect(lastEventId("1234567890", 9)).toBeNull();
  expect(lastEventId("12a", 9)).toBeNull();
  expect(lastEventId("", 9)).toBeNull();
  expect(lastEventId(null, 9)).toBeNull();
  expect(lastEventId("9".repeat(19), 19)).toBe("9".repeat(19));
});
