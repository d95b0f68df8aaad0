import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "@/lib/browser/chromium";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS } from "@/lib/bots/browser";
import { createAudioBridge } from "@/lib/bots/bridge/create-audio-bridge";
import { watchRemoteAudio } from "@/lib/bots/run/remote-audio-watch";
import { until } from "./fixtures/platform-fixture";
import { startLoopbackPage } from "./loopback-page";

// The no_remote_audio alarm (lib/bots/run/remote-audio-watch.ts) on real bridges: a page where
// someone speaks and a page where no sound arrives, watched side by side.

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

async function bridgedPage(voice: boolean) {
  const context = await browser.newContext(BOT_CONTEXT_OPTIONS);
  const bridge = await createAudioBridge(context);
  const page = await context.newPage();
  await page.goto(site.url);
  if (voice) await page.evaluate(() => (window as unknown as { person(hz: number): Promise<string> }).person(440));
  return { bridge, close: () => context.close() };
}

describe("the no_remote_audio alarm", () => {
  it("warns once when people are in the call and no sound reaches the bot; a call with a voice stays quiet", async () => {
    const [heard, deaf] = [await bridgedPage(true), await bridgedPage(false)];
    try {
      const alarms: string[] = [];
      const asked: string[] = [];
      // The heard page's timer is set first, so it has fired (or not) by the time the deaf one has.
      watchRemoteAudio({ bridge: heard.bridge, afterMs: 1_500, othersInCall: () => (asked.push("heard"), true), onSilent: () => alarms.push("heard") });
      watchRemoteAudio({ bridge: deaf.bridge, afterMs: 1_500, othersInCall: () => (asked.push("deaf"), true), onSilent: () => alarms.push("deaf") });
      await until("the deaf page's alarm", () => alarms.includes("deaf"));
      expect(alarms).toEqual(["deaf"]);
      expect(asked).toEqual(["deaf"]);
    } finally {
      await heard.close();
      await deaf.close();
    }
  });

  it("waits for someone else to be there before it warns", async () => {
    const deaf = await bridgedPage(false);
    try {
      let others = false;
      let looks = 0;
      const alarms: number[] = [];
      watchRemoteAudio({ bridge: deaf.bridge, afterMs: 200, othersInCall: () => (looks++, others), onSilent: (ms) => alarms.push(ms) });
      await until("two looks with nobody there", () => looks >= 2);
      expect(alarms).toEqual([]);
      others = true;
      await until("the alarm", () => alarms.length > 0);
      expect(alarms).toHaveLength(1);
    } finally {
      await deaf.close();
    }
  });
});
