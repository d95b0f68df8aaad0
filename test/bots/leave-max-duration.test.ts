import { describe, it } from "vitest";
import { until } from "./fixtures/platform-fixture.ts";
import { botsOnFixtures, expectEnded, onEachPlatform, withRun } from "./fixtures/run-on-fixture.ts";

// The "maximum duration" leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): a person stays in the call, and the bot leaves when its time is
// up, `completed/max_duration`, billed for the intervals started until then.

const INTERVAL_MS = 4_000;
const MAX_S = 6; // ticks 0 and 1 (4 s) start before the rule fires (6 s after admission); tick 2 would start at 8 s
const bots = botsOnFixtures();

describe("leaving rule: maximum duration, on the platforms' fixture meetings", () => {
  it.each(onEachPlatform())("$platform: a person stays, and the bot leaves when its time is up", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveMaxDurationSeconds: MAX_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      const fixture = await bot.fixture();
      await fixture.addParticipant("ada", "Ada Lovelace", 440);
      await until("Ada in the bot's roster", async () => (await bot.present()).includes("Ada Lovelace"));
      await bot.gone();
      await expectEnded(bot, { status: "completed", reason: "max_duration", rule: "max_duration", limitSeconds: MAX_S, ticks: 2 });
    });
  }, 60_000);
});
