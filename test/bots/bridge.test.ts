import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { findChromium } from "@/lib/browser/chromium";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS } from "@/lib/bots/browser";
import { createAudioBridge, type AudioBridge, type AudioBridgeOptions, type RecordingChunk, type RemoteTrack } from "@/lib/bots/bridge/create-audio-bridge";
import { durationPatch, durationPlaceholder } from "@/lib/meetings/webm-duration";
import type { PcmFrame } from "@/lib/voice/types";
import { startLoopbackPage } from "./loopback-page";
import { concat, dbfs, sine, toneHz } from "./pcm-stats";

// The audio bridge in a real Chromium, on a page with a strict CSP whose WebRTC runs over loopback
// connections: what a remote participant says reaches Node as PCM, and what Node plays goes out on
// the bot's microphone (and, sent through a loopback connection, comes back as a remote track).

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

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function botPage(opts: AudioBridgeOptions = {}): Promise<{ page: Page; bridge: AudioBridge; frames: PcmFrame[]; tracks: RemoteTrack[] }> {
  const context = await browser.newContext(BOT_CONTEXT_OPTIONS);
  const bridge = await createAudioBridge(context, opts);
  const frames: PcmFrame[] = [];
  const tracks: RemoteTrack[] = [];
  bridge.onFrame((f) => frames.push(f));
  bridge.onTrack((t) => tracks.push(t));
  const page = await context.newPage();
  await page.goto(site.url);
  return { page, bridge, frames, tracks };
}

const loud = (f: PcmFrame) => dbfs(f.samples) > -30;

describe("audio bridge: listening", () => {
  it("turns every remote voice into 16 kHz frames tagged with its speaker, on the session clock", async () => {
    const clock = 50_000;
    const { page, bridge, frames, tracks } = await botPage({ now: () => clock + performance.now() });
    try {
      const [low, high] = [await page.evaluate(() => (window as any).person(440)), await page.evaluate(() => (window as any).person(1000))];
      expect(low).not.toBe(high);
      await until("a second of both voices", () => frames.filter((f) => f.speakerId === low).length >= 50 && frames.filter((f) => f.speakerId === high).length >= 50);

      expect(tracks.map((t) => [t.speakerId, t.origin, t.ended]).sort()).toEqual([[high, "peer", false], [low, "peer", false]].sort());
      for (const [speaker, hz] of [[low, 440], [high, 1000]] as const) {
        const mine = frames.filter((f) => f.speakerId === speaker);
        for (const f of mine) {
          expect(f.sampleRate).toBe(16_000);
          expect(f.samples.length).toBe(320);
        }
        // Contiguous: each frame starts where the previous one ended (20 ms later).
        const steps = mine.slice(1).map((f, i) => f.timeMs - mine[i].timeMs);
        expect(steps.every((s) => Math.abs(s - 20) <= 1)).toBe(true);
        const steady = concat(mine.slice(10, 50).map((f) => f.samples));
        expect(toneHz(steady, 16_000)).toBeGreaterThan(hz * 0.97);
        expect(toneHz(steady, 16_000)).toBeLessThan(hz * 1.03);
        expect(dbfs(steady)).toBeGreaterThan(-15);
      }
      // Frames are stamped on the caller's clock: at most a delivery delay off (they stay contiguous
      // until a pause even when the mapping learns that the first frame arrived late).
      const last = frames[frames.length - 1];
      expect(last.timeMs).toBeGreaterThan(50_000);
      expect(Math.abs(last.timeMs + 20 - (clock + performance.now()))).toBeLessThan(250);
      // How the voices reached the page, from its receivers' statistics (logged as the bot leaves).
      const stats = await bridge.receiveStats();
      expect(stats).toEqual({ jitterBufferMs: expect.any(Number), jitterBufferTargetMs: expect.any(Number), concealedPercent: expect.any(Number) });
      expect(stats!.jitterBufferMs).toBeGreaterThan(0);
    } finally {
      await bridge.close();
      await page.context().close();
    }
  });

  it("can tap the mixed stream a media element plays instead", async () => {
    const { page, bridge, frames, tracks } = await botPage({ capture: "element", frameMs: 40 });
    try {
      const streamId = await page.evaluate(() => (window as any).mixedElement(600));
      await until("frames of the element's stream", () => frames.filter((f) => f.speakerId === streamId).length >= 25);
      expect(tracks).toEqual([expect.objectContaining({ speakerId: streamId, origin: "element", ended: false })]);
      expect(frames.every((f) => f.samples.length === 640)).toBe(true);
      // Within 3%, like the peer capture above: a wrong rate anywhere (44.1 vs 48 kHz) is off by 9%.
      const hz = toneHz(concat(frames.slice(5, 25).map((f) => f.samples)), 16_000);
      expect(hz).toBeGreaterThan(600 * 0.97);
      expect(hz).toBeLessThan(600 * 1.03);
      // No peer connection of the page's own here (the element plays a generated stream): nothing to report.
      expect(await bridge.receiveStats()).toBeNull();
    } finally {
      await bridge.close();
      await page.context().close();
    }
  });
});

describe("audio bridge: speaking", () => {
  it("plays Node's audio gap-free on the bot's microphone, says how much played, and clear() silences it", async () => {
    const { page, bridge, frames } = await botPage();
    const playback: boolean[] = [];
    bridge.onPlayback((p) => playback.push(p));
    try {
      // The page takes the microphone as a meeting client does and sends it over WebRTC; the bridge
      // hears it come back as a remote track (which tells us what the meeting heard).
      const mic = await page.evaluate(() => (window as any).botMic());
      const heard = () => frames.filter((f) => f.speakerId === mic);

      // One second of a 300 Hz tone at 24 kHz, in fifty 20 ms chunks as a TTS stream delivers them.
      const tone = sine(300, 1000, 24_000);
      for (let i = 0; i < 50; i++) bridge.play(tone.subarray(i * 480, (i + 1) * 480), 24_000);
      await until("playback to start and end", () => playback.length >= 2);
      expect(playback.slice(0, 2)).toEqual([true, false]);
      expect(await bridge.sync()).toBeCloseTo(1000, -1);

      await until("the tone to come back", () => heard().filter(loud).length >= 43);
      await new Promise((r) => setTimeout(r, 300));
      const loudFrames = heard().filter(loud);
      const first = heard().indexOf(loudFrames[0]);
      const last = heard().indexOf(loudFrames[loudFrames.length - 1]);
      // Gap-free: from the first loud frame to the last, every frame is loud, about a second's worth
      // (WebRTC's jitter buffer may stretch or shorten what it plays a little).
      expect(heard().slice(first, last + 1).every(loud)).toBe(true);
      expect(last - first + 1).toBeGreaterThanOrEqual(43);
      expect(last - first + 1).toBeLessThanOrEqual(62);
      const hz = toneHz(concat(loudFrames.slice(5, 45).map((f) => f.samples)), 16_000);
      expect(hz).toBeGreaterThan(300 * 0.97);
      expect(hz).toBeLessThan(300 * 1.03);

      // Barge-in: ten seconds queued, cleared once it is playing.
      const before = bridge.playedMs();
      bridge.play(sine(300, 10_000, 16_000), 16_000);
      await until("the second tone to play", () => playback.length >= 3);
      const heardBefore = heard().length;
      await until("it to be heard", () => heard().slice(heardBefore).filter(loud).length >= 5);
      bridge.clear();
      const atClear = await bridge.sync();
      expect(playback[playback.length - 1]).toBe(false);
      expect(atClear - before).toBeGreaterThan(0);
      expect(atClear - before).toBeLessThan(5_000);
      // Nothing more goes out: the played total stands still and the meeting hears silence.
      await new Promise((r) => setTimeout(r, 400));
      expect(await bridge.sync()).toBe(atClear);
      const afterClear = heard().length;
      await new Promise((r) => setTimeout(r, 500));
      expect(heard().slice(afterClear).filter(loud)).toEqual([]);

      // The microphone works again after a clear.
      bridge.play(sine(300, 200, 16_000), 16_000);
      await until("the microphone to play again", () => playback.length >= 5 && playback[playback.length - 1] === false);
      expect((await bridge.sync()) - atClear).toBeCloseTo(200, -1);
    } finally {
      await bridge.close();
      await page.context().close();
    }
  });

  it("leaves video requests to the browser and never captures the bot's own microphone", async () => {
    const { page, bridge, tracks } = await botPage({ capture: "both" });
    try {
      const kinds = await page.evaluate(async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
        const el = document.createElement("video");
        el.srcObject = stream;
        return stream.getTracks().map((t) => t.kind).sort();
      });
      expect(kinds).toEqual(["audio", "video"]);
      await new Promise((r) => setTimeout(r, 300));
      expect(tracks).toEqual([]);
    } finally {
      await bridge.close();
      await page.context().close();
    }
  });
});

// Recording (docs/recordings.md): a remote voice (440 Hz) and the agent's own (1000 Hz, played through
// the bridge) come out of MediaRecorder as WebM chunks in order; with the duration written into the
// first chunk the browser reads the file at its length and both voices are in it.
describe("audio bridge: recording", () => {
  it("sends the call mixed with the agent's voice as ordered WebM chunks that decode at their length", async () => {
    const { page, bridge, tracks } = await botPage();
    const context = page.context();
    const chunks: RecordingChunk[] = [];
    bridge.onRecording((c) => chunks.push(c));
    try {
      await page.evaluate(() => (window as any).person(440));
      await until("the voice's track", () => tracks.length > 0);
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
