import { describe, expect, it } from "vitest";
import { until } from "./fixtures/platform-fixture.ts";
import { botsOnFixtures, PLATFORM_MEETINGS, tickKeys, withRun } from "./fixtures/run-on-fixture.ts";

// The "maximum duration" leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): a person stays in the call, and the bot leaves when its time is
// up, `completed/max_duration`, billed for the intervals started until then.

const INTERVAL_MS = 2_000;
const MAX_S = 3; // ticks 0 and 1 start before the rule fires (3 s after admission); tick 2 would start at 4 s
const bots = botsOnFixtures();

const cases = [
  { platform: "meet", install: PLATFORM_MEETINGS.meet.install({}) },
  { platform: "teams", install: PLATFORM_MEETINGS.teams.install({ lobby: false }) },
  { platform: "zoom", install: PLATFORM_MEETINGS.zoom.install({}) },
] as const;

describe("leaving rule: maximum duration, on the platforms' fixture meetings", () => {
  it.each(cases)("$platform: a person stays, and the bot leaves when its time is up", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveMaxDurationSeconds: MAX_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("ada", "Ada Lovelace", 440);
      await until("Ada in the bot's roster", async () => (await bot.present()).includes("Ada Lovelace"));
      await bot.gone();
      const row = await bot.meeting();
      expect(row).toMatchObject({ status: "completed", statusReason: "max_duration", billedTicks: 2 });
      expect(row.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "max_duration", data: { rule: "max_duration", limitSeconds: MAX_S } });
      expect(await bot.ticks()).toEqual(tickKeys(bot.ref.meetingId, 2));
    });
  }, 60_000);
});
