import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "@/lib/browser/chromium";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS } from "@/lib/bots/browser";
import { createAudioBridge, type RecordingChunk } from "@/lib/bots/bridge/create-audio-bridge";
import { durationPatch, durationPlaceholder } from "@/lib/meetings/webm-duration";
import { startLoopbackPage } from "./loopback-page";
import { sine } from "./pcm-stats";

// Recording in the bot's page (docs/recordings.md), in a real Chromium: a remote voice (440 Hz) and
// the agent's own (1000 Hz, played through the bridge) come out of MediaRecorder as WebM chunks in
// order; with the duration written into the first chunk the browser decodes the file at its length
// and both voices are in it.

let browser: Browser;
let site: Awaited<ReturnType<typeof startLoopbackPage>>;

beforeAll(async () => {
  site = await startLoopbackPage();
  browser = await chromium.launch({ executablePath: findChromium().path, args: BOT_CHROMIUM_FLAGS });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("recording in the bot's page", () => {
  it("sends the call mixed with the agent's voice as ordered WebM chunks that decode at their length", async () => {
    const context = await browser.newContext(BOT_CONTEXT_OPTIONS);
    const bridge = await createAudioBridge(context);
    const chunks: RecordingChunk[] = [];
    bridge.onRecording((c) => chunks.push(c));
    let voices = 0;
    bridge.onTrack(() => voices++);
    const page = await context.newPage();
    try {
      await page.goto(site.url);
      await page.evaluate(() => (window as any).person(440));
      while (voices === 0) await new Promise((r) => setTimeout(r, 50));
      expect(await bridge.startRecording()).toBe(true);
      bridge.play(sine(1000, 1500, 48_000, 0.5), 48_000);
      while (chunks.length < 3) await new Promise((r) => setTimeout(r, 100));
      const lengthMs = await bridge.stopRecording();
      expect(lengthMs).toBeGreaterThan(5000);
      expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
      expect(chunks.at(-1)!.atMs).toBeGreaterThanOrEqual(lengthMs! - 100);

      const slot = durationPlaceholder(chunks[0].data);
      expect(slot).not.toBeNull();
      const file = Buffer.concat([slot!.bytes, ...chunks.slice(1).map((c) => c.data)]);
      const patch = durationPatch(slot!, lengthMs!);
      patch.bytes.copy(file, patch.at);

      // A page of its own (the meeting page's CSP allows no blob: media).
      const player = await context.newPage();
      const heard = await player.evaluate(async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const url = URL.createObjectURL(new Blob([bytes], { type: "audio/webm" }));
        const audio = new Audio(url);
        await Promise.race([new Promise((r) => audio.addEventListener("loadedmetadata", r, { once: true })), new Promise((r) => setTimeout(r, 5000))]);
        const decoded = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(bytes.buffer);
        const data = decoded.getChannelData(0);
        // Energy at a frequency over the whole file (Goertzel).
        const power = (hz: number) => {
          const k = 2 * Math.cos((2 * Math.PI * hz) / decoded.sampleRate);
          let s1 = 0, s2 = 0;
          for (let i = 0; i < data.length; i++) [s1, s2] = [data[i] + k * s1 - s2, s1];
          return (s1 * s1 + s2 * s2 - k * s1 * s2) / data.length;
        };
        return { elementDuration: audio.duration, decodedDuration: decoded.duration, p440: power(440), p1000: power(1000), p700: power(700) };
      }, file.toString("base64"));
      expect(heard.elementDuration).toBeCloseTo(lengthMs! / 1000, 0);
      expect(Math.abs(heard.decodedDuration * 1000 - lengthMs!)).toBeLessThan(500);
      // Both voices, well above a frequency nobody spoke at.
      expect(heard.p440).toBeGreaterThan(heard.p700 * 20);
      expect(heard.p1000).toBeGreaterThan(heard.p700 * 20);
    } finally {
      await bridge.close();
      await context.close();
    }
  });
});
