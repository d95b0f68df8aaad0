import { describe, expect, it } from "vitest";
import { until } from "./fixtures/platform-fixture.ts";
import { botsOnFixtures, expectEnded, onEachPlatform, withRun } from "./fixtures/run-on-fixture.ts";

// The "alone" leaving rule applied by the real bot on each platform's fixture meeting (docs/bots.md,
// "Leaving rules"): a person and another notetaker are in the call; once the person leaves, the
// notetaker (a bot by its name's keyword) and, on Meet, the "Backgrounds and effects" and nameless
// tiles keep nobody company: the bot leaves after the limit, `completed/alone`, billed for the
// intervals started until then.

const INTERVAL_MS = 5_000;
const ALONE_S = 1;
const bots = botsOnFixtures();

describe("leaving rule: alone, on the platforms' fixture meetings", () => {
  it.each(onEachPlatform({ meet: { phantomTiles: true } }))("$platform: the person left and only a notetaker stayed, so the bot leaves after the limit", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveAloneSeconds: ALONE_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      const fixture = await bot.fixture();
      await fixture.addParticipant("ada", "Ada Lovelace", 440);
      await fixture.addParticipant("notetaker", "Otter.ai Notetaker", 500);
      await until("Ada in the bot's roster", async () => (await bot.present()).includes("Ada Lovelace"));
      // She leaves once tick 1 has started (5 s in): the alone clock then runs out well before tick 2 (10 s in).
      await until("tick 1", async () => (await bot.ticks()).length === 2);
      expect(bot.finished()).toBe(false); // a notetaker and a person: not alone
      await fixture.command("removeParticipant", "ada");
      await bot.gone();
      await expectEnded(bot, { status: "completed", reason: "alone", rule: "alone", limitSeconds: ALONE_S, ticks: 2 });
    });
  }, 60_000);
});
