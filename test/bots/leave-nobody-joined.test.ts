import { describe, it } from "vitest";
import { botsOnFixtures, expectEnded, onEachPlatform, withRun } from "./fixtures/run-on-fixture.ts";

// The "nobody joined" leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): only another notetaker and tiles that are nobody (Meet's
// "Backgrounds and effects" and a nameless tile) are there, so the bot leaves when the limit is up,
// `completed/nobody_joined`, billed for the intervals started until then.

const INTERVAL_MS = 4_000;
const LIMIT_S = 6; // ticks 0 and 1 (4 s) start before the rule fires (6 s after admission); tick 2 would start at 8 s
const bots = botsOnFixtures();

describe("leaving rule: nobody joined, on the platforms' fixture meetings", () => {
  it.each(onEachPlatform({ meet: { phantomTiles: true } }))("$platform: only a notetaker came, so the bot leaves after the limit, billed for the intervals started until then", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveNobodyJoinedSeconds: LIMIT_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("notetaker", "Otter.ai Notetaker", 500);
      await bot.gone();
      await expectEnded(bot, { status: "completed", reason: "nobody_joined", rule: "nobody_joined", limitSeconds: LIMIT_S, ticks: 2 });
    });
  }, 60_000);
});
