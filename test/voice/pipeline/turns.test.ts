import { describe, expect, it } from "vitest";
import { Playout } from "../../../lib/voice/pipeline/playout.ts";
import { FINAL_GRACE_MS, FINAL_TIMEOUT_MS } from "../../../lib/voice/pipeline/tuning.ts";
import { TurnDetector, type UserTurn } from "../../../lib/voice/pipeline/turn-detector.ts";

function detector() {
  let now = 0;
  const turns: UserTurn[] = [];
  const noWords: [number, number][] = [];
  let finalized = 0;
  const d = new TurnDetector({ now: () => now, onTurn: (t) => turns.push(t), finalize: () => finalized++, onNoWords: (start, end) => noWords.push([start, end]) });
  return { d, turns, noWords, finalized: () => finalized, at: (ms: number) => (now = ms) };
}

describe("turn detection", () => {
  it("ends the turn at our VAD's end of speech once the final transcript is in, and finalizes the STT", () => {
    const { d, turns, finalized, at } = detector();
    d.speechStarted(1000);
    d.speechBlock(1000, 32, true, "alice");
    d.speechBlock(1032, 32, true, "alice");
    at(1600);
    d.speechEnded(1064);
    expect(finalized()).toBe(1);
    expect(turns).toEqual([]);
    at(1700);
    d.final("What is on the agenda?");
    expect(turns).toEqual([{ text: "What is on the agenda?", startMs: 1000, endMs: 1064, speakerId: "alice", endedAt: 1600, finalAt: 1700 }]);
  });

  it("continues the same turn when speech resumes before it closed", () => {
    const { d, turns, at } = detector();
    d.speechStarted(0);
    d.speechBlock(0, 32, true);
    d.final("What is");
    at(600);
    d.speechEnded(32);
    d.speechStarted(700); // within the grace period
    d.speechBlock(700, 32, true);
    at(1400);
    d.speechEnded(732);
    d.final("on the agenda?");
    expect(turns.map((x) => x.text)).toEqual(["What is on the agenda?"]);
    expect(turns[0].startMs).toBe(0);
  });

  it("takes words already finalised during speech after a short grace when no further final comes", () => {
    const { d, turns, at } = detector();
    d.speechStarted(0);
    d.final("Hello there.");
    at(500);
    d.speechEnded(100);
    d.tick();
    expect(turns).toEqual([]);
    at(500 + FINAL_GRACE_MS);
    d.tick();
    expect(turns.map((x) => x.text)).toEqual(["Hello there."]);
  });

  it("closes the turn on the provider's end of turn during a pause, before our silence window ends", () => {
    const { d, turns, finalized, at } = detector();
    d.speechStarted(0);
    d.speechBlock(0, 32, true, "bob");
    d.final("Cohost, summarise please.");
    d.speechBlock(32, 32, false);
    at(200);
    d.endOfTurn();
    expect(turns.map((x) => x.text)).toEqual(["Cohost, summarise please."]);
    // Our VAD's own end of the same utterance opens nothing new.
    d.speechEnded(32);
    expect(finalized()).toBe(1);
    d.final("");
    at(5000);
    d.tick();
    expect(turns).toHaveLength(1);
  });

  it("ignores the provider's end of turn while the person is still speaking", () => {
    const { d, turns } = detector();
    d.speechStarted(0);
    d.speechBlock(0, 32, true);
    d.final("So the plan");
    d.endOfTurn();
    expect(turns).toEqual([]);
  });

  it("drops speech that never becomes words, and says so", () => {
    const { d, turns, noWords, at } = detector();
    d.speechStarted(0);
    d.speechBlock(0, 32, true);
    at(600);
    d.speechEnded(32);
    at(599 + FINAL_TIMEOUT_MS);
    d.tick();
    expect(noWords).toEqual([]);
    at(600 + FINAL_TIMEOUT_MS);
    d.tick();
    expect(noWords).toEqual([[0, 32]]);
    d.final("late words");
    // The cough was dropped; the late words are a turn of their own.
    expect(turns.map((x) => x.text)).toEqual(["late words"]);
    expect(noWords).toHaveLength(1);
  });

  it("attributes the turn to whoever spoke most of it, else to the STT's speaker", () => {
    const { d, turns, at } = detector();
    d.speechStarted(0);
    for (let t = 0; t < 320; t += 32) d.speechBlock(t, 32, true, t < 64 ? "alice" : "bob");
    at(900);
    d.speechEnded(320);
    d.final("Mostly Bob.", "0");
    d.final("Only the STT knows.", "1");
    expect(turns.map((x) => x.speakerId)).toEqual(["bob", "1"]);
  });

  it("flushes words still pending when the session stops", () => {
    const { d, turns } = detector();
    d.speechStarted(0);
    d.final("Goodbye everyone");
    d.flush();
    expect(turns.map((x) => x.text)).toEqual(["Goodbye everyone"]);
  });
});

describe("playout", () => {
  const sink = () => {
    const played: number[] = [];
    let cleared = 0;
    return { sink: { play: (s: Int16Array) => played.push(s.length), clear: () => cleared++ }, played, cleared: () => cleared };
  };

  it("knows what was heard of each sentence, to the whole word", () => {
    let now = 0;
    const s = sink();
    const p = new Playout(s.sink, () => now);
    const sentences = ["First the budget.", "Then hiring and the launch."];
    p.play(new Int16Array(16_000), 16_000, 0); // 0-1000 ms
    p.play(new Int16Array(16_000), 16_000, 1); // 1000-2000 ms, queued behind
    p.sentenceDone(0);
    p.sentenceDone(1);
    expect(p.startedAt).toBe(0);
    expect(p.endsAt).toBe(2000);
    expect(p.heard(sentences, 500)).toBe("First"); // "First th…": the unfinished word is not kept
    expect(p.heard(sentences, 600)).toBe("First the");
    expect(p.heard(sentences, 1000)).toBe("First the budget.");
    expect(p.heard(sentences, 1500)).toBe("First the budget. Then hiring");
    expect(p.heard(sentences, Infinity)).toBe("First the budget. Then hiring and the launch.");
    now = 1200;
    p.clear();
    expect(s.cleared()).toBe(1);
    expect(p.endsAt).toBe(1200);
  });

  it("estimates the heard share of a sentence whose audio is still arriving from the speaking rate", () => {
    const now = 0;
    const p = new Playout(sink().sink, () => now);
    const sentences = ["One two three four five six seven.", "Eight nine ten eleven twelve thirteen fourteen."];
    p.play(new Int16Array(16 * 340), 16_000, 0); // 340 ms for 34 characters: 10 ms per character
    p.sentenceDone(0);
    p.play(new Int16Array(16 * 100), 16_000, 1); // the first 100 ms of the second sentence, more to come
    // All audio received so far has played, but only ~10 characters of the second sentence are heard.
    expect(p.heard(sentences, 1000)).toBe("One two three four five six seven. Eight nine");
    // Without a finished sentence to measure, ~70 ms per character.
    const q = new Playout(sink().sink, () => 0);
    q.play(new Int16Array(16 * 500), 16_000, 0);
    expect(q.heard(["Hello there everyone, welcome."], 1000)).toBe("Hello");
  });

  it("starts a chunk now when the queue ran dry", () => {
    let now = 0;
    const p = new Playout(sink().sink, () => now);
    p.play(new Int16Array(1600), 16_000, 0); // 0-100 ms
    now = 500;
    p.play(new Int16Array(1600), 16_000, 0); // 500-600 ms
    p.sentenceDone(0);
    expect(p.endsAt).toBe(600);
    expect(p.heard(["one two three four"], 300)).toBe("one two");
  });

  it("has heard nothing before its first audio", () => {
    const p = new Playout(sink().sink, () => 0);
    expect(p.heard(["Hello there."], 1000)).toBe("");
    expect(p.startedAt).toBeNull();
  });
});
