import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { bridgeSlot } from "@/lib/bots/bridge/bridge-slot";
import { createAudioBridge } from "@/lib/bots/bridge/create-audio-bridge";
import { launchBotBrowser, newBotContext, openBotPage } from "@/lib/bots/browser";
import { meetAdapter } from "@/lib/bots/platforms/meet";
import type { PlatformEvent } from "@/lib/bots/platforms/types";
import { joinWithRetries, retriesJoin, type JoinFailed } from "@/lib/bots/run/join-attempts";
import type { PcmFrame } from "@/lib/voice/types";
import { meetPage, type MeetScenario } from "./fixtures/meet-fixture";
import { PlatformFixture, until } from "./fixtures/platform-fixture";
import { dbfs } from "./pcm-stats";

// Join retries as the run makes them (lib/bots/run/join-call.ts): each attempt in a fresh browser
// context of the bot's browser, the audio bridge moved onto the new page through its slot, against
// a Meet fixture whose first loads block the bot (Attendee retries blocks in a fresh browser).

const URL_ = "https://meet.google.com/abc-defg-hij";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Meet, as seen by each new context: the first `blockedLoads` page loads are Meet's block. */
async function retryingBot(blockedLoads: number, after: MeetScenario = { lobby: false }) {
  let loads = 0;
  const contexts: BrowserContext[] = [];
  let fixture!: PlatformFixture;
  const open = async () => {
    const context = await newBotContext(browser, { platform: "meet", url: URL_ });
    contexts.push(context);
    fixture = await PlatformFixture.install(context, ["https://meet.google.com/**"], () => ({ body: meetPage(loads++ < blockedLoads ? { start: "blocked" } : after) }));
    const page = await openBotPage(context);
    return { page, bridge: await createAudioBridge(page, { capture: meetAdapter.bridgeCapture }) };
  };
  const first = await open();
  const bridge = bridgeSlot(first.bridge);
  const frames: PcmFrame[] = [];
  bridge.onFrame((f) => frames.push(f));
  const events: PlatformEvent[] = [];
  const retries: (JoinFailed & { attempt: number })[] = [];
  const join = () =>
    joinWithRetries(first.page, {
      join: (page) => meetAdapter.join(page, { url: URL_, name: "Cohost Agent", waitingRoomTimeoutMs: 20_000, onEvent: (e) => events.push(e) }),
      async retrying(failure) {
        retries.push(failure);
      },
      async fresh() {
        const next = await open();
        await bridge.replace(next.bridge);
        await contexts.at(-2)?.close();
        return next.page;
      },
    });
  return { join, retries, frames, contexts, fixture: () => fixture, loads: () => loads, close: () => Promise.all(contexts.map((c) => c.close().catch(() => {}))) };
}

describe("join retries", () => {
  it("tries again in a fresh browser context when the platform blocks the bot, and hears the call through the moved bridge", async () => {
    const bot = await retryingBot(1);
    try {
      const result = await bot.join();
      expect(result.kind).toBe("admitted");
      expect(bot.retries.map((r) => [r.attempt, r.reason])).toEqual([[1, "blocked"]]);
      expect(bot.contexts).toHaveLength(2);
      expect(bot.contexts[0].pages()).toEqual([]); // the turned-away context is closed
      await bot.fixture().addParticipant("spaces/x/devices/1", "Ada Lovelace", 440);
      await until("the call's audio through the new page", () => bot.frames.filter((f) => dbfs(f.samples) > -30).length >= 10);
    } finally {
      await bot.close();
    }
  });

  it("gives up after three attempts, with the last attempt's reason", async () => {
    const bot = await retryingBot(5);
    try {
      expect(await bot.join()).toMatchObject({ kind: "failed", reason: "blocked" });
      expect(bot.retries.map((r) => r.attempt)).toEqual([1, 2]);
      expect(bot.loads()).toBe(3);
    } finally {
      await bot.close();
    }
  });

  it("does not retry what a person decided or what the link says", () => {
    expect(retriesJoin({ reason: "blocked" })).toBe(true);
    expect(retriesJoin({ reason: "join_failed", transient: true })).toBe(true);
    for (const reason of ["denied", "not_found", "passcode_required", "login_required", "meeting_full", "waiting_room_timeout", "join_failed"] as const) {
      expect(retriesJoin({ reason }), reason).toBe(false);
    }
  });
});
