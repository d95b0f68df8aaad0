import { describe, expect, it } from "vitest";
import type { PcmFrame } from "../voice/types.ts";
import { AudioMixer } from "./audio-mixer.ts";

const tone = (n: number, value: number) => new Int16Array(n).fill(value);

function mixer() {
  let clock = 0;
  const out: PcmFrame[] = [];
  const m = new AudioMixer({ frameMs: 20, delayMs: 40, now: () => clock, onFrame: (f) => out.push(f) });
  return { m, out, at: (ms: number) => { clock = ms; m.flush(); } };
}

describe("AudioMixer", () => {
  it("emits a continuous stream of fixed frames, silence where nobody spoke", () => {
    const { out, at } = mixer();
    at(100); // starts the clock: nothing is due yet
    at(200);
    expect(out.map((f) => f.timeMs)).toEqual([60, 80, 100, 120, 140]);
    expect(out.every((f) => f.samples.length === 320 && f.samples.every((s) => s === 0) && f.speakerId === undefined)).toBe(true);
  });

  it("sums overlapping voices sample-exactly across frame boundaries and names the louder one", () => {
    const { m, out, at } = mixer();
    at(0);
    // Alice: 20 ms starting at 10 ms (spans two output frames); Bob: quiet, 40 ms from 0.
    m.push({ samples: tone(320, 1000), sampleRate: 16000, timeMs: 10, speakerId: "alice" });
    m.push({ samples: tone(640, 200), sampleRate: 16000, timeMs: 0, speakerId: "bob" });
    at(100);
    const at0 = out.findIndex((f) => f.timeMs === 0);
    const [first, second] = out.slice(at0);
    expect(first.samples[0]).toBe(200);
    expect(first.samples[159]).toBe(200);
    expect(first.samples[160]).toBe(1200);
    expect(second.samples[159]).toBe(1200);
    expect(second.samples[160]).toBe(200);
    expect(first.speakerId).toBe("alice");
    expect(out[at0 + 2].samples.every((s) => s === 0)).toBe(true);
  });

  it("clips sums to 16 bits and drops audio that arrives after its frame went out", () => {
    const { m, out, at } = mixer();
    at(0);
    m.push({ samples: tone(320, 30000), sampleRate: 16000, timeMs: 0, speakerId: "a" });
    m.push({ samples: tone(320, 30000), sampleRate: 16000, timeMs: 0, speakerId: "b" });
    at(60);
    expect(out.find((f) => f.timeMs === 0)!.samples[0]).toBe(32767);
    m.push({ samples: tone(320, 500), sampleRate: 16000, timeMs: 0, speakerId: "late" });
    expect(m.lateSamples).toBe(320);
    at(80);
    expect(out.filter((f) => f.timeMs === 0)).toHaveLength(1);
  });

  it("sends a streaming voice's audio on as soon as it has arrived, without waiting out the jitter delay", () => {
    const { m, out, at } = mixer();
    at(0);
    at(21);
    m.push({ samples: tone(320, 700), sampleRate: 16000, timeMs: 0, speakerId: "alice" });
    at(25);
    const frame = out.find((f) => f.timeMs === 0);
    expect(frame?.samples[0]).toBe(700);
    expect(frame?.speakerId).toBe("alice");
    // Nothing from after what has arrived: the next frame waits for alice (or the delay).
    expect(out.some((f) => f.timeMs === 20)).toBe(false);
  });

  it("waits for the streaming voice that is behind, and for nobody else", () => {
    const { m, out, at } = mixer();
    at(0);
    at(40);
    m.push({ samples: tone(640, 100), sampleRate: 16000, timeMs: 0, speakerId: "alice" });
    m.push({ samples: tone(320, 10), sampleRate: 16000, timeMs: 0, speakerId: "bob" });
    at(41);
    expect(out.at(-1)?.timeMs).toBe(0);
    m.push({ samples: tone(320, 10), sampleRate: 16000, timeMs: 20, speakerId: "bob" });
    at(42);
    expect(out.at(-1)?.timeMs).toBe(20);
    expect(out.at(-1)?.samples[0]).toBe(110);
    expect(m.lateSamples).toBe(0);
  });

  it("a voice that stopped sending holds the stream back by the jitter delay at most, and nothing goes out before its time", () => {
    const { m, out, at } = mixer();
    at(0);
    at(20);
    m.push({ samples: tone(320, 100), sampleRate: 16000, timeMs: 0, speakerId: "alice" });
    at(50); // alice may still be on her way: only what she covered goes out
    expect(out.at(-1)?.timeMs).toBe(0);
    at(61); // silent longer than the delay: the stream runs on the delay
    expect(out.at(-1)?.timeMs).toBe(0);
    at(80);
    expect(out.at(-1)?.timeMs).toBe(20);
    // A voice whose timestamps run ahead of the clock never pulls out frames that have not ended.
    m.push({ samples: tone(320, 100), sampleRate: 16000, timeMs: 200, speakerId: "bob" });
    at(90);
    expect(out.at(-1)?.timeMs).toBe(60);
  });

  it("holds nothing before its clock starts (a bot waiting in a lobby): that audio never comes out", () => {
    const { m, out, at } = mixer();
    for (let t = 0; t < 1000; t += 20) m.push({ samples: tone(320, 900), sampleRate: 16000, timeMs: t, speakerId: "lobby" });
    at(100); // admitted: the clock starts
    at(1200);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((f) => f.samples.every((s) => s === 0))).toBe(true);
  });

  it("drops audio stamped far ahead of the clock instead of keeping it until its time comes", () => {
    const { m, out, at } = mixer();
    at(0);
    m.push({ samples: tone(320, 800), sampleRate: 16000, timeMs: 60_000, speakerId: "skewed" });
    expect(m.earlySamples).toBe(320);
    at(61_000);
    expect(out.find((f) => f.timeMs === 60_000)?.samples.every((s) => s === 0)).toBe(true);
  });
});
