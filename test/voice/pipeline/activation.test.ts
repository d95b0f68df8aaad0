import { describe, expect, it } from "vitest";
import { ActivationGate } from "../../../lib/voice/pipeline/activation-gate.ts";
import { FOLLOW_UP_MS } from "../../../lib/voice/pipeline/tuning.ts";
import { containsWakeWord } from "../../../lib/voice/pipeline/wake-word.ts";

describe("wake word", () => {
  it.each([
    "Hey Cohost, what is on the agenda today?",
    "co-host, can you summarise?",
    "Co host can you help",
    "OK CO-HOST!",
    "and cohost?",
    "Thanks, Cohost's notes were great", // possessive: the apostrophe splits the word
  ])("hears it in %j", (text) => expect(containsWakeWord(text, "Cohost")).toBe(true));

  it.each(["I think we should move the launch.", "who is co-hosting today?", "the host and co", "cohosts"])("does not hear it in %j", (text) =>
    expect(containsWakeWord(text, "Cohost")).toBe(false),
  );

  it("matches multi-word and accented wake words as a whole", () => {
    expect(containsWakeWord("hey, co-host: the agenda?", "Hey Cohost")).toBe(true);
    expect(containsWakeWord("hey there cohost", "Hey Cohost")).toBe(false);
    expect(containsWakeWord("Hallo Jürgen, bitte", "jürgen")).toBe(true);
  });

  it("never matches an empty wake word", () => expect(containsWakeWord("anything", " - ")).toBe(false));
});

describe("activation gate", () => {
  const gate = (wakeWord: string | null, manualActivation: boolean) => {
    const changes: boolean[] = [];
    return { gate: new ActivationGate({ wakeWord, manualActivation, onChange: (a) => changes.push(a) }), changes };
  };

  it("with a wake word: answers it, stays engaged while replying and for the follow-up window, then listens again", () => {
    const { gate: g, changes } = gate("Cohost", false);
    expect(g.admits("what is the budget?", 0)).toBe(false);
    expect(g.admits("Cohost, what is the budget?", 1000)).toBe(true);
    expect(changes).toEqual([true]);
    g.replyStarted();
    expect(g.admits("and the deadline?", 5000)).toBe(true); // while it replies
    g.replyEnded(10_000);
    g.tick(10_000 + FOLLOW_UP_MS);
    expect(changes).toEqual([true]); // the window's last moment still counts
    expect(g.admits("and who owns it?", 10_000 + FOLLOW_UP_MS)).toBe(true);
    g.tick(10_001 + FOLLOW_UP_MS);
    expect(changes).toEqual([true, false]);
    expect(g.admits("and who owns it?", 10_001 + FOLLOW_UP_MS)).toBe(false);
    expect(g.admits("cohost, who owns it?", 30_000)).toBe(true);
    expect(changes).toEqual([true, false, true]);
  });

  it("with manual activation: answers every turn while activated and none otherwise, wake word or not", () => {
    const { gate: g, changes } = gate("Cohost", true);
    expect(g.admits("Cohost, are you there?", 0)).toBe(false);
    g.setManual(true);
    g.setManual(true);
    expect(g.admits("what is the budget?", 1000)).toBe(true);
    g.replyEnded(2000);
    g.tick(1e9);
    expect(g.admits("and the deadline?", 1e9)).toBe(true);
    g.setManual(false);
    expect(g.admits("Cohost, are you there?", 1e9)).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("without a wake word it is manual", () => {
    const { gate: g } = gate(null, false);
    expect(g.manualMode).toBe(true);
    expect(g.admits("hello", 0)).toBe(false);
  });
});
