import { describe, expect, it } from "vitest";
import type { LiveState } from "../meetings/live-state.ts";
import { liveStateTracker } from "./live-state-tracker.ts";

function tracker(keepWords = true) {
  const states: LiveState[] = [];
  const t = liveStateTracker({ keepWords, now: () => new Date("2026-11-25T10:00:00Z"), onChange: (s) => states.push(s) });
  return { t, states };
}

describe("liveStateTracker", () => {
  it("listening → thinking → speaking → listening over one reply, each state reported once", () => {
    const { t, states } = tracker();
    t.start();
    t.event({ type: "replying", replying: true });
    t.event({ type: "speaking", speaking: true });
    t.event({ type: "speaking", speaking: false });
    t.event({ type: "replying", replying: false });
    t.event({ type: "usage", usage: { kind: "tts", providerId: "x", model: "m", characters: 3 } });
    expect(states.map((s) => s.activity)).toEqual(["listening", "thinking", "speaking", "listening"]);
  });

  it("a reply that ends before any audio (failed, cut short) goes back to listening", () => {
    const { t, states } = tracker();
    t.start();
    t.event({ type: "replying", replying: true });
    t.event({ type: "replying", replying: false });
    expect(states.map((s) => s.activity)).toEqual(["listening", "thinking", "listening"]);
  });

  it("says why a turn went unanswered until the next answer, with the words only when transcripts are kept", () => {
    const { t, states } = tracker();
    t.start();
    t.event({ type: "unanswered", reason: "no_wake_word", text: "Move the launch." });
    expect(states.at(-1)).toEqual({ activity: "listening", unanswered: { reason: "no_wake_word", text: "Move the launch.", at: "2026-11-25T10:00:00.000Z" } });
    t.event({ type: "replying", replying: true });
    expect(states.at(-1)).toEqual({ activity: "thinking" });

    const private_ = tracker(false);
    private_.t.event({ type: "unanswered", reason: "not_activated", text: "Secret plans." });
    expect(private_.states).toEqual([{ activity: "listening", unanswered: { reason: "not_activated", text: null, at: "2026-11-25T10:00:00.000Z" } }]);
  });
});
