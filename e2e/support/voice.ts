import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { readWav, writeWav } from "../../lib/voice/audio/wav.ts";
import { E2E } from "./ports.ts";

// The e2e stack's provider fakes (every STT/AI/TTS provider, started by server.ts) and the speech
// fixtures a person's fake microphone plays.

const SPEECH = path.resolve(import.meta.dirname, "../../test/fixtures/speech");
const fakes = `http://127.0.0.1:${E2E.voiceFakesPort}/__control`;

/** What the fixtures in test/fixtures/speech say (the fake STT answers with these, in order, per `script`). */
export const TEXT = {
  agenda: "Hey Cohost, what is on the agenda today?",
  noWake: "I think we should move the launch to next Thursday.",
  followUp: "And who is presenting the budget?",
  interruption: "Sorry to cut in, but the deadline moved to Friday, so please plan the review around that.",
};

/** Calls the fakes' control API: reset, script ({stt: [...], ai: [...]}), requests. */
export async function control(call: string, body: unknown = {}) {
  const res = await fetch(`${fakes}/${call}`, { method: call === "requests" ? "GET" : "POST", body: call === "requests" ? undefined : JSON.stringify(body), headers: { "content-type": "application/json" } });
  expect(res.ok, `fake control ${call}`).toBeTruthy();
  return res.json();
}

/** Chat requests the fake LLMs received since the last reset. */
export async function llmRequests(): Promise<number> {
  const requests = (await control("requests")) as { surface: string }[];
  return requests.filter((r) => r.surface === "chat").length;
}

/** A WAV for a person's microphone: fixtures and pauses (ms) in order, played once. */
export function speechWav(parts: (string | number)[]): string {
  const chunks = parts.map((p) => (typeof p === "number" ? new Int16Array((16 * p) | 0) : readWav(fs.readFileSync(path.join(SPEECH, p))).samples));
  const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) samples.set(c, (at += c.length) - c.length);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cohost-person-")), "mic.wav");
  fs.writeFileSync(file, writeWav({ samples, sampleRate: 16_000 }));
  return `${file}%noloop`;
}
