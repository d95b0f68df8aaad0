import { describe, expect, it } from "vitest";
import type { QueuedAudio } from "../audio/vad.ts";
import type { SessionEvent } from "../types.ts";
import { CatchUp } from "./catch-up.ts";
import { BEHIND_LIMIT_MS, CAUGHT_UP_LAG_MS } from "./tuning.ts";

/** 32 ms of 16 kHz audio captured at `timeMs`: silence, or a loud tone. */
function audio(timeMs: number, loud = false): QueuedAudio {
  const samples = new Int16Array(512);
  if (loud) for (let i = 0; i < samples.length; i++) samples[i] = i % 2 ? 8000 : -8000;
  return { samples, timeMs };
}

function setup(options: { queued?: QueuedAudio[]; turnLost?: boolean } = {}) {
  const t = { now: 0, lines: [] as { event: string; [k: string]: unknown }[], events: [] as SessionEvent[], ticks: 0, abandoned: 0, discarded: 0 };
  const catchUp = new CatchUp({
    now: () => t.now,
    log: (event, fields) => t.lines.push({ event, ...fields }),
    emit: (e) => t.events.push(e),
    discardQueued: () => {
      t.discarded++;
      return options.queued ?? [];
    },
    abandonUtterance: () => {
      t.abandoned++;
      return options.turnLost ?? false;
    },
    tick: () => t.ticks++,
  });
  return { catchUp, t };
}

describe("catching up (docs/voice.md)", () => {
  it("processes audio up to BEHIND_LIMIT_MS late, and logs nothing", () => {
    const { catchUp, t } = setup();
    t.now = 10_000;
    expect(catchUp.inTime(audio(10_000 - BEHIND_LIMIT_MS))).toBe(true);
    expect(t.lines).toEqual([]);
    expect(t.abandoned).toBe(0);
  });

  it("skips from audio older than the limit until audio within CAUGHT_UP_LAG_MS, then logs the episode once", () => {
    const { catchUp, t } = setup({ queued: [audio(6_900), audio(6_932)] });
    t.now = 10_000;
    // Started by audio 3 s late: the VAD's queue goes with it, the utterance is abandoned.
    expect(catchUp.inTime(audio(7_000))).toBe(false);
    expect(t.discarded).toBe(1);
    expect(t.abandoned).toBe(1);
    // Still behind (though under the limit): skipped, and the clock's time-outs run on it.
    expect(catchUp.inTime(audio(10_000 - CAUGHT_UP_LAG_MS - 100))).toBe(false);
    expect(t.ticks).toBe(2);
    expect(t.lines).toEqual([]);
    expect(catchUp.inTime(audio(10_000 - CAUGHT_UP_LAG_MS))).toBe(true);
    expect(t.lines).toEqual([{ event: "audio_skipped", level: "warn", skippedMs: 128, lagMs: 3_000, fromAt: 6_900, toAt: 9_632, turnLost: false, caughtUp: true }]);
    // Nobody spoke in what was skipped: nobody is told.
    expect(t.events).toEqual([]);
    expect(catchUp.inTime(audio(10_000))).toBe(true);
    expect(t.lines).toHaveLength(1);
  });

  it("says a turn may be lost when a turn was dropped, or the skipped audio had sound in it", () => {
    const dropped = setup({ turnLost: true });
    dropped.t.now = 10_000;
    dropped.catchUp.inTime(audio(5_000));
    dropped.catchUp.inTime(audio(10_000));
    expect(dropped.t.lines[0]).toMatchObject({ turnLost: true, caughtUp: true });
    expect(dropped.t.events).toEqual([{ type: "unanswered", reason: "behind", text: "" }]);

    const loud = setup();
    loud.t.now = 10_000;
    loud.catchUp.inTime(audio(5_000));
    loud.catchUp.inTime(audio(9_000, true));
    loud.catchUp.inTime(audio(10_000));
    expect(loud.t.lines[0]).toMatchObject({ turnLost: true });
    expect(loud.t.events).toEqual([{ type: "unanswered", reason: "behind", text: "" }]);
  });

  it("stopping while skipping logs the episode as not caught up and tells nobody", () => {
    const { catchUp, t } = setup({ turnLost: true });
    t.now = 10_000;
    catchUp.inTime(audio(5_000));
    catchUp.stop();
    expect(t.lines).toEqual([expect.objectContaining({ event: "audio_skipped", turnLost: true, caughtUp: false })]);
    expect(t.events).toEqual([]);
    catchUp.stop();
    expect(t.lines).toHaveLength(1);
  });
});
