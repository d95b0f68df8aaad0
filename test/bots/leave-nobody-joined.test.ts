import { describe, expect, it } from "vitest";
import { botsOnFixtures, PLATFORM_MEETINGS, tickKeys, withRun } from "./fixtures/run-on-fixture.ts";

// The "nobody joined" leaving rule applied by the real bot on each platform's fixture meeting
// (docs/bots.md, "Leaving rules"): only another notetaker and tiles that are nobody (Meet's
// "Backgrounds and effects" and a nameless tile) are there, so the bot leaves when the limit is up,
// `completed/nobody_joined`, and billing stops that moment.

const INTERVAL_MS = 2_000;
const LIMIT_S = 3; // ticks 0 and 1 start before the rule fires (3 s after admission); tick 2 would start at 4 s
const bots = botsOnFixtures();

const cases = [
  { platform: "meet", install: PLATFORM_MEETINGS.meet.install({ phantomTiles: true }) },
  { platform: "teams", install: PLATFORM_MEETINGS.teams.install({ lobby: false }) },
  { platform: "zoom", install: PLATFORM_MEETINGS.zoom.install({}) },
] as const;

describe("leaving rule: nobody joined, on the platforms' fixture meetings", () => {
  it.each(cases)("$platform: only a notetaker came, so the bot leaves after the limit, billed for the intervals started until then", async ({ platform, install }) => {
    const bot = await bots.run({ platform, install, leaving: { leaveNobodyJoinedSeconds: LIMIT_S }, billingIntervalMs: INTERVAL_MS });
    await withRun(bot, async () => {
      await bot.status("in_progress");
      await (await bot.fixture()).addParticipant("notetaker", "Otter.ai Notetaker", 500);
      await bot.gone();
      const row = await bot.meeting();
      expect(row).toMatchObject({ status: "completed", statusReason: "nobody_joined", billedTicks: 2 });
      expect(row.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "nobody_joined", data: { rule: "nobody_joined", limitSeconds: LIMIT_S } });
      expect(await bot.ticks()).toEqual(tickKeys(bot.ref.meetingId, 2));
    });
  }, 60_000);
});
