import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_FLAGS, findChromium } from "../../lib/browser/chromium.ts";

export const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/room");
export const SPEECH_WAV = path.join(FIXTURES, "speech-like.wav");
export const SILENCE_WAV = path.join(FIXTURES, "silence.wav");

/** A browser for a person in a call: its fake microphone plays `wav` in a loop. */
export function launchPerson(opts: { wav?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium().path,
    args: [
      ...CHROMIUM_FLAGS,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(opts.wav ? [`--use-file-for-fake-audio-capture=${opts.wav}`] : []),
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}
