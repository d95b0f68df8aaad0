import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBotBrowser } from "@/lib/bots/browser";
import { startVoiceFakes, type VoiceFakes } from "../fakes/voice/server.ts";
import { PLATFORM_MEETINGS, runOnFixture, tickKeys } from "./fixtures/run-on-fixture.ts";

// The "nobody joined" leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): only another notetaker and tiles that are nobody (Meet's
// "Backgrounds and effects" and a nameless tile) are there, so the bot leaves when the limit is up,
// `completed/nobody_joined`, and billing stops that moment.

const INTERVAL_MS = 2_000;
const LIMIT_S = 3; // ticks 0 and 1 start before the rule fires (at 3 s), tick 2 would start at 4 s
let browser: Browser;
let fakes: VoiceFakes;
beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
  await fakes?.close();
});

const cases = [
  { platform: "meet", install: PLATFORM_MEETINGS.meet.install({ phantomTiles: true }) },
  { platform: "teams", install: PLATFORM_MEETINGS.teams.install({ lobby: false }) },
  { platform: "zoom", install: PLATFORM_MEETINGS.zoom.install({}) },
] as const;

describe("leaving rule: nobody joined, on the platforms' fixture meetings", () => {
  it.each(cases)("$platform: only a notetaker came, so the bot leaves after the limit, billed for the intervals started until then", async ({ platform, install }) => {
    const bot = await runOnFixture({ browser, platform, install, leaving: { leaveNobodyJoinedSeconds: LIMIT_S }, billingIntervalMs: INTERVAL_MS, providerKey: fakes.validKey });
    try {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("notetaker", "Otter.ai Notetaker", 500);
      await bot.done;
      const row = await bot.meeting();
      expect(row).toMatchObject({ status: "completed", statusReason: "nobody_joined", billedTicks: 2 });
      expect(row.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "nobody_joined", data: { rule: "nobody_joined", limitSeconds: LIMIT_S } });
      expect(await bot.ticks()).toEqual(tickKeys(bot.ref.meetingId, 2));
    } finally {
      bot.stop();
      await bot.done.catch(() => {});
    }
  }, 60_000);
});
