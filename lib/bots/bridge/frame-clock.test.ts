import { describe, expect, it } from "vitest";
import { createFrameClock } from "./frame-clock.ts";

/** 20 ms at 16 kHz. */
const FRAME = 320;

describe("createFrameClock", () => {
  it("maps a document's capture clock to the session clock from its first frame: arrival minus duration", () => {
    let now = 1000;
    const clock = createFrameClock(() => now, 20);
    // Captured at 16 kHz sample 160000 (10 s on the page's clock), arriving at 1000 ms.
    expect(clock("doc", "a", 160_000, FRAME)).toBe(980);
    // Another voice of the same document is on the same mapping.
    now = 1500;
    expect(clock("doc", "b", 160_000 + 20 * FRAME, FRAME)).toBe(1380);
    // Another document has a mapping of its own.
    expect(clock("other", "a", 0, FRAME)).toBe(1480);
  });

  it("moves the mapping back when a later frame proves the first was late by more than a frame, not for jitter", () => {
    let now = 1000;
    const clock = createFrameClock(() => now, 20);
    expect(clock("doc", "a", 0, FRAME)).toBe(980);
    // 1 s later on the page, arriving 15 ms earlier than the first frame predicts: delivery jitter.
    now = 1985;
    expect(clock("doc", "b", 16_000, FRAME)).toBe(1980);
    // Arriving 50 ms earlier than predicted: the first frame was late, the mapping moves back 50 ms.
    now = 2930;
    expect(clock("doc", "c", 32_000, FRAME)).toBe(2910);
  });

  it("keeps a voice's frames from overlapping: contiguous while it speaks, a correction shows after its pause", () => {
    let now = 1000;
    const clock = createFrameClock(() => now, 20);
    expect(clock("doc", "a", 0, FRAME)).toBe(980);
    // The mapping moves back 50 ms while voice a speaks: its next frame still starts where the last ended.
    now = 960;
    expect(clock("doc", "a", FRAME, FRAME)).toBe(1000);
    expect(clock("doc", "a", 2 * FRAME, FRAME)).toBe(1020);
    // After a pause of a second its frames are on the corrected mapping.
    now = 2000;
    expect(clock("doc", "a", 16_000 + 3 * FRAME, FRAME)).toBe(1980);
  });
});
