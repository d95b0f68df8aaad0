import { describe, expect, it } from "vitest";
import { until } from "./fixtures/platform-fixture.ts";
import { botsOnFixtures, PLATFORM_MEETINGS, tickKeys, withRun } from "./fixtures/run-on-fixture.ts";

// The "silence" leaving rule applied by the real bot on each platform's fixture meeting (docs/bots.md,
// "Leaving rules"): a person is in the call (her microphone hums: a tone, no words), nobody says a
// word, so once the grace period is over the bot leaves, `completed/silence`, billed for the
// intervals started until then. The grace period is longer than the silence limit: a rule that
// ignored it would fire at 1 s, in tick 0.

const INTERVAL_MS = 3_000;
const SILENCE_S = 1;
const GRACE_S = 4; // fires 4 s after admission: ticks 0 and 1 (3 s) started, tick 2 (6 s) not
const bots = botsOnFixtures();

const cases = [
  { platform: "meet", install: PLATFORM_MEETINGS.meet.install({}) },
  { platform: "teams", install: PLATFORM_MEETINGS.teams.install({ lobby: false }) },
  { platform: "zoom", install: PLATFORM_MEETINGS.zoom.install({}) },
] as const;

describe("leaving rule: silence, on the platforms' fixture meetings", () => {
  it.each(cases)("$platform: nobody says a word, so after the grace period the bot leaves", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveSilenceSeconds: SILENCE_S, leaveSilenceGraceSeconds: GRACE_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("ada", "Ada Lovelace", 440);
      await until("Ada in the bot's roster", async () => (await bot.present()).includes("Ada Lovelace"));
      await bot.gone();
      const row = await bot.meeting();
      expect(row).toMatchObject({ status: "completed", statusReason: "silence", billedTicks: 2 });
      expect(row.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "silence", data: { rule: "silence", limitSeconds: SILENCE_S } });
      expect(await bot.ticks()).toEqual(tickKeys(bot.ref.meetingId, 2));
    });
  }, 60_000);
});
