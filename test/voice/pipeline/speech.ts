import fs from "node:fs";
import path from "node:path";
import { readWav } from "../../../lib/voice/audio/wav.ts";

// The committed speech fixtures (scripts/make-speech-fixtures.ts) and their manifest.
const DIR = path.join(import.meta.dirname, "../../fixtures/speech");

export interface SpeechFixture {
  file: string;
  text: string;
  voice: string;
  durationMs: number;
  /** Where its speech starts and ends (ms into the file). */
  startMs: number;
  endMs: number;
}

export const SPEECH: Record<string, SpeechFixture> = Object.fromEntries(
  (JSON.parse(fs.readFileSync(path.join(DIR, "manifest.json"), "utf8")) as SpeechFixture[]).map((f) => [f.file.replace(/\.wav$/, ""), f]),
);

export function speechSamples(name: string): Int16Array {
  return readWav(fs.readFileSync(path.join(DIR, `${name}.wav`))).samples;
}
