import { describe, it } from "vitest";
import { botsOnFixtures, expectEnded, onEachPlatform, withRun } from "./fixtures/run-on-fixture.ts";
import { until } from "./fixtures/platform-fixture.ts";

// The "silence" leaving rule applied by the real bot on each platform's fixture meeting (docs/bots.md,
// "Leaving rules"): a person is in the call (her microphone hums: a tone, no words), nobody says a
// word, so once the grace period is over the bot leaves, `completed/silence`, billed for the
// intervals started until then. The grace period is longer than the silence limit: a rule that
// ignored it would fire at 1 s, in tick 0.

const INTERVAL_MS = 5_000;
const SILENCE_S = 1;
const GRACE_S = 7; // fires 7 s after admission: ticks 0 and 1 (5 s) started, tick 2 (10 s) not
const bots = botsOnFixtures();

describe("leaving rule: silence, on the platforms' fixture meetings", () => {
  it.each(onEachPlatform())("$platform: nobody says a word, so after the grace period the bot leaves", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveSilenceSeconds: SILENCE_S, leaveSilenceGraceSeconds: GRACE_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("ada", "Ada Lovelace", 440);
      await until("Ada in the bot's roster", async () => (await bot.present()).includes("Ada Lovelace"));
      await bot.gone();
      await expectEnded(bot, { status: "completed", reason: "silence", rule: "silence", limitSeconds: SILENCE_S, ticks: 2 });
    });
  }, 60_000);
});
